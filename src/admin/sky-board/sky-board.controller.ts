import { Body, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, Min } from 'class-validator';

import type { SkyBoardView } from '../../../shared/admin-types';
import { WEATHER_REASONS, type WeatherReason } from '../../../shared/weather-calls';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { SkyBoard } from './sky-board.service';

/** Move everyone on a departure: where to, and why. */
export class MoveEveryoneDto {
  @ApiProperty({ example: 42 })
  @Type(() => Number)
  @IsInt({ message: 'targetDepartureId måste vara ett heltal' })
  @Min(1, { message: 'targetDepartureId måste vara ett heltal' })
  targetDepartureId: number;

  @ApiProperty({ enum: WEATHER_REASONS })
  @IsIn(WEATHER_REASONS, { message: 'reason måste vara aurora, storm, cold eller other' })
  reason: WeatherReason;
}

@StaffController('api/admin/sky-board')
export class SkyBoardController {
  constructor(private readonly board: SkyBoard) {}

  @Get()
  @ApiOperation({ summary: 'Tonight and the next three evenings: the outlook, each departure, and the calls made' })
  view(): Promise<SkyBoardView> {
    return this.board.view();
  }

  @Post('departures/:id/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'The departure runs as planned (recorded; it may still be moved)' })
  @ApiConflictResponse({ description: 'Its guests have already been offered a move' })
  async run(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<SkyBoardView> {
    await this.board.run(id, admin.email);
    return this.board.view();
  }

  @Post('departures/:id/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move everyone: each guest offered the other departure free, or a full refund, by mail in their language' })
  @ApiOkResponse({ description: 'How many guests were offered, and how many unpaid holds were cancelled' })
  @ApiConflictResponse({ description: 'Already moved, or the other departure has too few seats' })
  moveEveryone(@Param('id', ParseIntPipe) id: number, @Body() dto: MoveEveryoneDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ offered: number; holdsCancelled: number }> {
    return this.board.moveEveryone(id, dto.targetDepartureId, dto.reason, admin.email);
  }
}
