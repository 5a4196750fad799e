import { Module } from '@nestjs/common';

import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { GuideCatalogueService } from './guide-catalogue.service';

@Module({
  controllers: [ChatController],
  providers: [ChatService, GuideCatalogueService],
})
export class ChatModule {}
