import { createHash } from 'node:crypto';

import { Body, Controller, HttpCode, Post, Req, Res, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request, Response } from 'express';

import { clientIp } from '../common/throttling/client-ip';
import { ChatService, type ChatReply } from './chat.service';
import { ChatRequestDto } from './dto/chat-request.dto';
import { clock } from '../common/clock';

/**
 * Per address, for both routes together (one key, not one per handler): generous enough for a
 * family on one hotel network.
 */
export const CHAT_ADDRESS_LIMIT = {
  default: { limit: 60, ttl: 10 * 60_000, generateKey: (_context: ExecutionContext, tracker: string, name: string) => createHash('sha256').update(`chat-${name}-${tracker}`).digest('hex') },
};

/** Aborts when the guest goes before the answer is sent (the panel closed, the page left). */
function whenGone(response: Response): AbortSignal {
  const gone = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) gone.abort();
  });
  return gone.signal;
}

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
  @ApiOperation({ summary: 'Ask the AI travel guide' })
  @ApiBadRequestResponse({ description: 'An empty or too long message, or a bad conversation id' })
  ask(@Body() dto: ChatRequestDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ChatReply> {
    return this.chat.ask(dto, clientIp(request), whenGone(response));
  }

  /**
   * The same question, answered as server-sent events: `{ type: 'text', text }` as the reply
   * arrives, then `{ type: 'done', conversationId, reply, tours }`. Bad input and limits answer
   * with the usual JSON errors before the stream starts.
   */
  @Post('stream')
  @UseGuards(ThrottlerGuard)
  @Throttle(CHAT_ADDRESS_LIMIT)
  @ApiOkResponse({ description: 'text/event-stream of { type: "text" | "done", … }' })
  @ApiOperation({ summary: 'Ask the AI travel guide, its answer streamed as server-sent events' })
  @ApiBadRequestResponse({ description: 'An empty or too long message, or a bad conversation id' })
  async stream(@Body() dto: ChatRequestDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    const send = (event: object) => {
      if (!response.headersSent) {
        response.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
        response.flushHeaders();
      }
      response.write(`data: ${JSON.stringify(event)}\n\n`);
      (response as Response & { flush?: () => void }).flush?.();
    };
    const reply = await this.chat.ask(dto, clientIp(request), whenGone(response), clock.now(), (text) => send({ type: 'text', text }));
    send({ type: 'done', ...reply });
    response.end();
  }
}
