import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiGoneResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

import { clientIp } from '../common/throttling/client-ip';
import type { WaitlistPlace } from '../../shared/waitlist';
import { JoinWaitlistDto } from './dto/join-waitlist.dto';
import { WaitlistLine } from './waitlist-line.service';

/** The guest's side of the waitlist: join a full departure, see the place, take an offer, leave. */
@ApiTags('waitlist')
@Controller('api/waitlist')
export class WaitlistController {
  constructor(private readonly line: WaitlistLine) {}

  @Post()
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 10, ttl: 10 * 60_000 } })
  @ApiOperation({ summary: "Join a departure's waitlist: when seats free up for the party, the guest is mailed an offer that holds them for a while" })
  @ApiCreatedResponse({ description: 'The entry: its signed link token and its place in line (1: next)' })
  @ApiBadRequestResponse({ description: 'A bad field, an unknown or departed departure, or a party the tour does not take' })
  @ApiConflictResponse({ description: 'The departure has seats for the party (book them), is not open, or its line is full' })
  @ApiTooManyRequestsResponse({ description: 'Too many joins from this address' })
  join(@Body() dto: JoinWaitlistDto): Promise<{ token: string; place: number }> {
    return this.line.join(dto);
  }

  @Get(':token')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'A waitlist entry by its signed link: status, place in line, an open offer and its end' })
  @ApiOkResponse({ description: 'The entry: status, place, party, an open offer and its end, the booking made from it' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  view(@Param('token') token: string): Promise<WaitlistPlace> {
    return this.line.view(token);
  }

  @Post(':token/book')
  @HttpCode(201)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 30, ttl: 60_000 } })
  @ApiOperation({ summary: 'Take an open offer: a hold of the offered seats for the party (pay on the checkout page; pickup and answers can follow on the manage page)' })
  @ApiCreatedResponse({ description: "The hold's booking reference (the same one again after a second tap)" })
  @ApiConflictResponse({ description: 'No offer yet, or a guest limit' })
  @ApiGoneResponse({ description: 'The offer has lapsed or was left' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  book(@Param('token') token: string, @Req() request: Request): Promise<{ reference: string }> {
    return this.line.book(token, clientIp(request));
  }

  @Post(':token/leave')
  @HttpCode(204)
  @ApiOperation({ summary: 'Leave the line (an open offer passes on at once)' })
  @ApiNoContentResponse({ description: 'Out of line (leaving again is no error)' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  async leave(@Param('token') token: string): Promise<void> {
    await this.line.leave(token);
  }

  @Post(':token/unsubscribe')
  @HttpCode(200)
  @ApiOperation({ summary: "One-click unsubscribe (RFC 8058) from the line's mails: leaves the line; the body (List-Unsubscribe=One-Click, as a form) is not read" })
  @ApiOkResponse({ description: 'Unsubscribed: out of line' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  async unsubscribe(@Param('token') token: string): Promise<{ unsubscribed: true }> {
    await this.line.leave(token);
    return { unsubscribed: true };
  }
}
