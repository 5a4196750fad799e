import { Module } from '@nestjs/common';

import { BlogModule } from '../blog/blog.module';
import { BookingsModule } from '../bookings/bookings.module';
import { FaqModule } from '../faq/faq.module';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { ConversationLog } from './conversation-log.service';
import { GuideCatalogueService } from './guide-catalogue.service';
import { GuideDeskService } from './guide-desk.service';
import { GuideBudget } from './guide-budget';
import { SkyModule } from '../sky/sky.module';

@Module({
  imports: [BookingsModule, BlogModule, FaqModule, SkyModule],
  controllers: [ChatController],
  providers: [ChatService, GuideCatalogueService, GuideDeskService, ConversationLog, GuideBudget],
  exports: [ConversationLog, GuideBudget],
})
export class ChatModule {}
