import { Body, Controller, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { Request } from 'express';

import type { ManagedBooking, ManagedChange } from '../../shared/api-types';
import { clientIp } from '../common/throttling/client-ip';
import { ChangeManagedBookingDto, FindBookingDto, UpdateManagedBookingDto } from './dto/manage-booking.dto';
import { ManageService } from './manage.service';

/** The guest's own booking, through the signed token in the booking mails. */
@ApiTags('manage')
@Controller('api/manage')
@UseGuards(ThrottlerGuard)
export class ManageController {
  constructor(private readonly manage: ManageService) {}

  @Post('find')
  @HttpCode(202)
  @Throttle({ default: { limit: 10, ttl: 60_000 } })
  find(@Body() dto: FindBookingDto, @Req() request: Request): Promise<{ message: string }> {
    return this.manage.find(dto, clientIp(request));
  }

  @Get(':token')
  view(@Param('token') token: string): Promise<ManagedBooking> {
    return this.manage.view(token);
  }

  @Post(':token/cancel')
  @HttpCode(200)
  cancel(@Param('token') token: string): Promise<ManagedBooking> {
    return this.manage.cancel(token);
  }

  @Post(':token/change')
  @HttpCode(200)
  change(@Param('token') token: string, @Body() dto: ChangeManagedBookingDto): Promise<ManagedChange> {
    return this.manage.change(token, dto);
  }

  @Patch(':token')
  update(@Param('token') token: string, @Body() dto: UpdateManagedBookingDto): Promise<ManagedBooking> {
    return this.manage.update(token, dto);
  }
}
