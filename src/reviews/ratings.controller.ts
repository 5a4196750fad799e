import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiGoneResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

import type { RatingView, StaffRatings } from '../../shared/api-types';
import { StaffController } from '../admin/auth/admin-jwt.guard';
import { CleanText } from '../common/text/plain-text';
import { Ratings } from './ratings.service';

const SCORE = 'score must be a whole number from 1 to 5';

export class RateDto {
  @ApiProperty({ description: "The `token` of the rating mail's link" })
  @IsString({ message: 'token must be the token from the link in your email' })
  @MaxLength(300, { message: 'token must be the token from the link in your email' })
  @Matches(/^[\w-]+\.[\w-]+$/, { message: 'token must be the token from the link in your email' })
  token: string;

  @ApiProperty({ minimum: 1, maximum: 5, example: 5 })
  @Type(() => Number)
  @IsInt({ message: SCORE })
  @Min(1, { message: SCORE })
  @Max(5, { message: SCORE })
  score: number;

  @ApiPropertyOptional({ example: 'Our guide made the night.', maxLength: 2000 })
  @IsOptional()
  @CleanText('lines', 'undefined')
  @IsString({ message: 'comment must be text' })
  @MaxLength(2000, { message: 'comment must be at most 2000 characters' })
  comment?: string;
}

/** A guest's rating of their tour, from the mail the morning after. */
@ApiTags('ratings')
@Controller('api/ratings')
export class RatingsController {
  constructor(private readonly ratings: Ratings) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 20, ttl: 60_000 } })
  @ApiOperation({ summary: "Rate a tour (1 to 5, and a comment) by the rating mail's link; again changes it. 4 and 5 are offered the review sites of the settings; a comment under 4 reaches the booking inbox" })
  @ApiOkResponse({ description: 'The rating as kept, and the review sites offered' })
  @ApiGoneResponse({ description: 'The link has expired or is not ours' })
  @ApiConflictResponse({ description: 'The tour has not taken place, or the booking is not confirmed' })
  @ApiTooManyRequestsResponse({ description: 'Too many ratings from this address' })
  rate(@Body() dto: RateDto): Promise<RatingView> {
    return this.ratings.rate(dto.token, dto.score, dto.comment);
  }
}

/** Staff's view of the ratings. */
@StaffController('api/admin/ratings')
export class StaffRatingsController {
  constructor(private readonly ratings: Ratings) {}

  @Get()
  @ApiOperation({ summary: 'Ratings per tour (count and average) and the latest fifty with their comments' })
  @ApiOkResponse({ description: '{ tours, latest }' })
  list(): Promise<StaffRatings> {
    return this.ratings.forStaff();
  }
}
