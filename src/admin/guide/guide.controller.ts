import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDateString, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';

import type { CheckInAnswer, GuideDownload, VoucherKeyJwk } from '../../../shared/guide-app';
import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';
import { CheckIns } from '../../bookings/check-in/check-ins.service';
import { VoucherCodes } from '../../bookings/voucher-codes';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { GuideDownloads } from './guide-download.service';

const KINDS = ['check_in', 'no_show', 'undo'] as const;

export class GuideActionDto {
  @ApiProperty({ example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', description: "The phone's own id for the action (a UUID): an action sent again is applied once" })
  @IsString({ message: 'id är åtgärdens UUID' })
  @Matches(/^[0-9a-fA-F-]{36}$/, { message: 'id är åtgärdens UUID' })
  id: string;

  @ApiProperty({ example: 12, description: 'The departure the guide was checking in' })
  @Type(() => Number)
  @IsInt({ message: 'departureId måste vara ett heltal' })
  departureId: number;

  @ApiProperty({ enum: KINDS })
  @IsIn(KINDS, { message: `kind är en av ${KINDS.join(', ')}` })
  kind: (typeof KINDS)[number];

  @ApiPropertyOptional({ type: Number, nullable: true, example: 3, description: 'For a check-in: how many of the party came (the whole party when absent)' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'guests måste vara ett heltal' })
  @Min(1, { message: 'guests måste vara minst 1' })
  @Max(MAX_GROUP_SIZE, { message: `guests får vara högst ${MAX_GROUP_SIZE}` })
  guests?: number | null;

  @ApiProperty({ example: '2026-12-02T17:05:00Z', description: "When the guide did it, by the phone's clock" })
  @IsDateString({}, { message: 'at är en tidpunkt (ISO 8601)' })
  at: string;

  @ApiPropertyOptional({ example: 'NAT-UWG6H-72KHN', description: 'The booking, by reference (or give code)' })
  @ValidateIf((dto: GuideActionDto) => dto.code === undefined)
  @IsString({ message: 'Ange bokningsnumret (reference) eller QR-koden (code)' })
  @MaxLength(40, { message: 'reference får vara högst 40 tecken' })
  reference?: string;

  @ApiPropertyOptional({ description: "The booking, by its QR code as scanned (NAT1.…)" })
  @IsOptional()
  @IsString({ message: 'code är QR-kodens text' })
  @MaxLength(200, { message: 'code får vara högst 200 tecken' })
  code?: string;
}

export class CheckInBatchDto {
  @ApiProperty({ example: 'Annas telefon 7f3a', description: 'The phone: a name the office reads the check-ins by' })
  @IsString({ message: 'device är telefonens namn' })
  @Matches(/^[\p{L}\p{N} ._'-]{1,60}$/u, { message: 'device är telefonens namn (högst 60 tecken: bokstäver, siffror, mellanslag, . _ \' -)' })
  device: string;

  @ApiProperty({ type: [GuideActionDto], description: 'In the order they were taken on the phone' })
  @IsArray({ message: 'actions är en lista' })
  @ArrayMinSize(1, { message: 'actions får inte vara tom' })
  @ArrayMaxSize(500, { message: 'Högst 500 åtgärder per sändning' })
  @ValidateNested({ each: true })
  @Type(() => GuideActionDto)
  actions: GuideActionDto[];
}

/** The guide app's staff side (issue 51): the download for a shift, and the check-ins a phone queued. */
@StaffController('api/admin/guide')
export class GuideController {
  constructor(
    private readonly downloads: GuideDownloads,
    private readonly checkIns: CheckIns,
  ) {}

  @Get('download')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "Today's and tomorrow's departures for this login (the guide's own on the resource plan, else every one with guests), each with its passenger list, the keys that check QR codes offline, and when it was taken" })
  @ApiOkResponse({ description: 'The download' })
  download(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<GuideDownload> {
    return this.downloads.download(admin.email);
  }

  @Post('check-ins')
  @HttpCode(200)
  @ApiOperation({ summary: "A phone's queued check-ins, no-shows and undos, in one batch: each applied once by its id (a batch sent again answers as before); the earliest check-in is kept; conflicts are answered with their reason" })
  @ApiBody({ type: CheckInBatchDto })
  @ApiOkResponse({ description: '{ results }: per action, what came of it and the booking as it is now' })
  @ApiBadRequestResponse({ description: 'A bad field: nothing of the batch is applied' })
  async checkIn(@Body() dto: CheckInBatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ results: CheckInAnswer[] }> {
    return { results: await this.checkIns.apply(admin.email, dto.device.trim(), dto.actions) };
  }
}

/** The public keys that check booking QR codes (anyone may have them: they only check). */
@ApiTags('guide')
@Controller('api/guide/keys')
export class GuideKeysController {
  constructor(private readonly vouchers: VoucherCodes) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ summary: 'The Ed25519 public keys (JWK) that check booking QR codes offline, the signing key first' })
  @ApiOkResponse({ description: '{ keys }' })
  keys(): { keys: VoucherKeyJwk[] } {
    return { keys: this.vouchers.publicJwks() };
  }
}
