import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ApiDocuments } from '../common/api-docs';
import { AppConfig } from '../config/app-config';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminController } from './admin.controller';
import { StaffBookingsController } from './bookings/staff-bookings.controller';
import { StaffResourcesController } from './resources/resources.controller';
import { ChatLogsController } from './chat-logs/chat-logs.controller';
import { ContactMessagesController } from './contact-messages/contact-messages.controller';
import { AdminUser } from './admin-user.entity';
import { AdminAuthController } from './auth/admin-auth.controller';
import { AdminAuthService } from './auth/admin-auth.service';
import { AdminJwtStrategy } from './auth/admin-jwt.strategy';
import { TOKEN_ALGORITHM, TOKEN_LIFETIME } from './auth/admin-token';
import { LoginLimits } from './auth/login-limits';
import { FailedLogin, LoginThrottle } from './auth/login-throttle.entity';
import { AdminDashboardService } from './dashboard/admin-dashboard.service';
import { ContentController } from './content/content.controller';
import { ImageUploads } from './content/image-uploads.service';
import { PrivacyController } from './privacy/privacy.controller';
import { PrivacyService } from './privacy/privacy.service';
import { RetentionWorker } from './privacy/retention.worker';
import { TourDatesController } from './tour-dates/tour-dates.controller';
import { TourDatesService } from './tour-dates/tour-dates.service';
import { BlogModule } from '../blog/blog.module';
import { ChatModule } from '../chat/chat.module';
import { ContactModule } from '../contact/contact.module';
import { BookingsModule } from '../bookings/bookings.module';
import { FaqModule } from '../faq/faq.module';
import { SkyModule } from '../sky/sky.module';
import { OctoModule } from '../octo/octo.module';
import { SkyBoardController } from './sky-board/sky-board.controller';
import { SkyBoard } from './sky-board/sky-board.service';
import { StaffGiftCardsController } from './gift-cards/gift-cards.controller';
import { StaffPromoCodesController } from './promo-codes/promo-codes.controller';
import { StaffAccountsController } from './accounts/accounts.controller';
import { AccountsService } from './accounts/accounts.service';
import { StaffWaitlistController } from './waitlist/waitlist.controller';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { ReviewsModule } from '../reviews/reviews.module';
import { GuideController, GuideKeysController } from './guide/guide.controller';
import { GuideDownloads } from './guide/guide-download.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([AdminUser, LoginThrottle, FailedLogin]),
    PassportModule,
    BookingsModule,
    BlogModule,
    FaqModule,
    ChatModule,
    ContactModule,
    SkyModule,
    OctoModule,
    WaitlistModule,
    ReviewsModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.key('admin-token'),
        signOptions: { algorithm: TOKEN_ALGORITHM, expiresIn: TOKEN_LIFETIME },
        verifyOptions: { algorithms: [TOKEN_ALGORITHM] },
      }),
    }),
  ],
  controllers: [StaffResourcesController, 
    AdminAuthController,
    AdminController,
    StaffBookingsController,
    TourDatesController,
    ContactMessagesController,
    ChatLogsController,
    ContentController,
    PrivacyController,
    SkyBoardController,
    StaffGiftCardsController,
    StaffWaitlistController,
    StaffPromoCodesController,
    StaffAccountsController,
    GuideController,
    GuideKeysController,
  ],
  providers: [ApiDocuments, AdminBootstrapService, AdminAuthService, LoginLimits, AdminJwtStrategy, TourDatesService, AdminDashboardService, PrivacyService, RetentionWorker, ImageUploads, SkyBoard, AccountsService, GuideDownloads],
})
export class AdminModule {}
