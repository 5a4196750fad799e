import { Body, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

import type { ResellerView } from '../../shared/admin-types';
import { CurrentAdmin, StaffController } from '../admin/auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../admin/auth/admin-token';
import { ResellersService } from './resellers.service';

export class CreateResellerDto {
  @ApiProperty({ maxLength: 120, example: 'Lapland Channel AB' })
  @IsString({ message: 'name krävs' })
  @IsNotEmpty({ message: 'name krävs' })
  @MaxLength(120, { message: 'name får vara högst 120 tecken' })
  name: string;

  @ApiProperty({ minimum: 0, maximum: 100, example: 20, description: "The reseller's commission on the retail price, in per cent" })
  @Type(() => Number)
  @IsInt({ message: 'commissionPercent måste vara ett heltal från 0 till 100' })
  @Min(0, { message: 'commissionPercent måste vara ett heltal från 0 till 100' })
  @Max(100, { message: 'commissionPercent måste vara ett heltal från 0 till 100' })
  commissionPercent: number;

  /** The tours it may sell; absent or null: every published tour. */
  @ApiPropertyOptional({ type: [Number], nullable: true, maxItems: 200, example: [3, 7], description: 'The tours it may sell; absent or null: every published tour' })
  @IsOptional()
  @IsArray({ message: 'tourIds måste vara en lista med tur-id' })
  @ArrayMaxSize(200, { message: 'tourIds får ha högst 200 turer' })
  @IsInt({ each: true, message: 'tourIds måste vara en lista med tur-id' })
  tourIds?: number[] | null;

  @ApiPropertyOptional({ minimum: 10, maximum: 6000, example: 600, description: 'Its rate limit on the OCTO API' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'requestsPerMinute måste vara ett heltal från 10 till 6000' })
  @Min(10, { message: 'requestsPerMinute måste vara ett heltal från 10 till 6000' })
  @Max(6000, { message: 'requestsPerMinute måste vara ett heltal från 10 till 6000' })
  requestsPerMinute?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 2000, example: 24, description: 'Seats its reservations not yet confirmed may keep at once (default 24)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'heldSeats måste vara ett heltal från 1 till 2000' })
  @Min(1, { message: 'heldSeats måste vara ett heltal från 1 till 2000' })
  @Max(2000, { message: 'heldSeats måste vara ett heltal från 1 till 2000' })
  heldSeats?: number;
}

/** Staff give resellers access to the OCTO API: a key per reseller (shown once), revoked at once. */
@StaffController('api/admin/resellers')
export class ResellersController {
  constructor(private readonly resellers: ResellersService) {}

  @Get()
  @ApiOperation({ summary: 'Resellers with OCTO access' })
  list(): Promise<ResellerView[]> {
    return this.resellers.list();
  }

  @Post()
  @ApiOperation({ summary: 'Give a reseller a key (answered once, never again)' })
  create(@Body() body: CreateResellerDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ResellerView & { key: string }> {
    return this.resellers.create({ name: body.name.trim(), commissionPercent: body.commissionPercent, tourIds: body.tourIds ?? null, requestsPerMinute: body.requestsPerMinute, heldSeats: body.heldSeats }, admin.email);
  }

  @Post('webhooks/:id/retry')
  @HttpCode(200)
  @ApiOperation({ summary: "Try a reseller's webhook calls that were given up again (once its receiver is mended)" })
  async retryWebhook(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ retried: number }> {
    return { retried: await this.resellers.retryWebhook(id, admin.email) };
  }

  @Post(':id/revoke')
  @ApiOperation({ summary: "Revoke a reseller's key (at once, on every replica)" })
  revoke(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ResellerView> {
    return this.resellers.revoke(id, admin.email);
  }
}
