import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

import { clientIp } from '../common/throttling/client-ip';
import { ContactService } from './contact.service';
import { CreateContactMessageDto } from './dto/create-contact-message.dto';

/** Per address: enough for a person who mistyped, too few for a spammer. */
export const CONTACT_LIMIT = { limit: 5, ttl: 10 * 60_000 };

@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: CONTACT_LIMIT })
  @ApiCreatedResponse({ description: 'Stored and sent to support' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address' })
  @ApiOperation({ summary: 'Send the company a message' })
  @ApiBadRequestResponse({ description: 'A bad field; `fields` names each one' })
  create(@Body() dto: CreateContactMessageDto, @Req() request: Request): Promise<{ received: true }> {
    return this.contact.receive(dto, clientIp(request));
  }
}
