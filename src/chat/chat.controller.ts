import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

import { clientIp } from '../common/throttling/client-ip';
import { ChatService, type ChatReply } from './chat.service';
import { ChatRequestDto } from './dto/chat-request.dto';

/** Per address: generous enough for a family on one hotel network. */
export const CHAT_ADDRESS_LIMIT = { default: { limit: 60, ttl: 10 * 60_000 } };

@ApiTags('chat')
@Controller('api/chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle(CHAT_ADDRESS_LIMIT)
  @ApiOkResponse({ description: '{ conversationId, reply, tours: [{ slug, title, priceSek, durationHours }] }' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address or in this conversation' })
  ask(@Body() dto: ChatRequestDto, @Req() request: Request): Promise<ChatReply> {
    return this.chat.ask(dto, clientIp(request));
  }
}
