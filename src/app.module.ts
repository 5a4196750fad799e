import { Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';

import { AdminModule } from './admin/admin.module';
import { BlogModule } from './blog/blog.module';
import { BookingsModule } from './bookings/bookings.module';
import { ChatModule } from './chat/chat.module';
import { ContactModule } from './contact/contact.module';
import { AuditModule } from './common/audit/audit.module';
import { CacheModule } from './common/cache/cache.module';
import { LoggingModule } from './common/logging/logging.module';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { ThrottlingModule } from './common/throttling/throttling.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './app-data/database.module';
import { FaqModule } from './faq/faq.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { SkyModule } from './sky/sky.module';
import { OctoModule } from './octo/octo.module';
import { SsrModule } from './ssr/ssr.module';
import { ToursModule } from './tours/tours.module';
import { WaitlistModule } from './waitlist/waitlist.module';
import { ReviewsModule } from './reviews/reviews.module';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    ThrottlingModule,
    CacheModule,
    AuditModule,
    MailModule,
    SkyModule,
    ToursModule,
    BlogModule,
    FaqModule,
    ContactModule,
    BookingsModule,
    WaitlistModule,
    ReviewsModule,
    ChatModule,
    AdminModule,
    OctoModule,
    HealthModule,
    // Last: its catch-all page route must come after every API route.
    SsrModule,
  ],
  providers: [{ provide: APP_PIPE, useFactory: createValidationPipe }],
})
export class AppModule {}
