import { Module } from '@nestjs/common';

import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { ConversationLog } from './conversation-log.service';
import { GuideCatalogueService } from './guide-catalogue.service';

@Module({
  controllers: [ChatController],
  providers: [ChatService, GuideCatalogueService, ConversationLog],
  exports: [ConversationLog],
})
export class ChatModule {}
