import { BadRequestException, Body, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Patch, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDateString, IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';

import { RESOURCE_TYPES, type DepartureCrewView, type ResourceBoardView, type ResourceKindView, type ResourceType, type ResourceView, SKILLS, type TourResourceNeedView } from '../../../shared/resources';
import { kirunaDate } from '../../../shared/company';
import { clock } from '../../common/clock';
import { kirunaMidnight } from '../../common/kiruna-day';
import { IsLocalDate } from '../../common/pipes/is-local-date';
import { Omittable } from '../../common/pipes/omittable';
import { CleanText } from '../../common/text/plain-text';
import { ResourcePlan, type AssignedDeparture } from '../../departures/resources/resource-plan.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';

const SKILL_CODES = Object.keys(SKILLS);
const SKILL_MESSAGE = `Färdigheterna är några av ${SKILL_CODES.join(', ')}`;

export class CreateResourceKindDto {
  @ApiProperty({ example: 'Snöskoter' })
  @CleanText('line')
  @IsString({ message: 'Namnet måste vara text' })
  @MinLength(1, { message: 'Ange ett namn' })
  @MaxLength(80, { message: 'Namnet får vara högst 80 tecken' })
  name: string;

  @ApiProperty({ enum: RESOURCE_TYPES, description: 'equipment och vehicle begränsar platserna; room tas per natt; guide sätts på avgångar' })
  @IsIn(RESOURCE_TYPES, { message: `Typen är en av ${RESOURCE_TYPES.join(', ')}` })
  type: ResourceType;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 16, description: 'Ett fordons platser' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'seatsEach måste vara ett heltal' })
  @Min(1, { message: 'seatsEach måste vara minst 1' })
  @Max(100, { message: 'seatsEach får vara högst 100' })
  seatsEach?: number | null;

  @ApiPropertyOptional({ example: 30, description: 'Minuter efter en avgång innan resursen är ledig igen' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'turnaroundMinutes måste vara ett heltal' })
  @Min(0, { message: 'turnaroundMinutes får inte vara negativt' })
  @Max(24 * 60, { message: 'turnaroundMinutes får vara högst ett dygn' })
  turnaroundMinutes?: number;
}

export class CreateResourceDto {
  @ApiProperty({ example: 1 })
  @Type(() => Number)
  @IsInt({ message: 'kindId måste vara ett heltal' })
  kindId: number;

  @ApiProperty({ example: 'Skoter 3' })
  @CleanText('line')
  @IsString({ message: 'Namnet måste vara text' })
  @MinLength(1, { message: 'Ange ett namn' })
  @MaxLength(80, { message: 'Namnet får vara högst 80 tecken' })
  name: string;

  @ApiPropertyOptional({ example: ['snowmobile', 'en'], description: SKILL_MESSAGE })
  @IsOptional()
  @IsArray({ message: SKILL_MESSAGE })
  @ArrayMaxSize(20, { message: SKILL_MESSAGE })
  @IsIn(SKILL_CODES, { each: true, message: SKILL_MESSAGE })
  skills?: string[];
}

export class UpdateResourceDto {
  @ApiPropertyOptional({ example: 'Skoter 3' })
  @Omittable()
  @CleanText('line')
  @IsString({ message: 'Namnet måste vara text' })
  @MinLength(1, { message: 'Ange ett namn' })
  @MaxLength(80, { message: 'Namnet får vara högst 80 tecken' })
  name?: string;

  @ApiPropertyOptional({ example: ['snowmobile', 'firstAid'], description: SKILL_MESSAGE })
  @Omittable()
  @IsArray({ message: SKILL_MESSAGE })
  @ArrayMaxSize(20, { message: SKILL_MESSAGE })
  @IsIn(SKILL_CODES, { each: true, message: SKILL_MESSAGE })
  skills?: string[];

  @ApiPropertyOptional({ description: 'false: tas ur bruk' })
  @Omittable()
  @IsBoolean({ message: 'isActive är true eller false' })
  isActive?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'anna@norrsken.test', description: 'En guides inloggning: guideappen visar den inloggningen guidens avgångar (null tar bort kopplingen)' })
  @Omittable()
  @ValidateIf((_dto, value) => value !== null)
  @IsEmail({}, { message: 'staffEmail är en e-postadress (eller null)' })
  @MaxLength(254, { message: 'staffEmail får vara högst 254 tecken' })
  staffEmail?: string | null;
}

export class OutageDto {
  @ApiProperty({ example: '2027-01-10T08:00:00Z' })
  @IsDateString({}, { message: 'startsAt är en tidpunkt (ISO 8601)' })
  startsAt: string;

  @ApiProperty({ example: '2027-01-12T08:00:00Z' })
  @IsDateString({}, { message: 'endsAt är en tidpunkt (ISO 8601)' })
  endsAt: string;

  @ApiPropertyOptional({ example: 'På verkstad' })
  @IsOptional()
  @CleanText('line')
  @IsString({ message: 'Anledningen måste vara text' })
  @MaxLength(200, { message: 'Anledningen får vara högst 200 tecken' })
  reason?: string;
}

export class NeedDto {
  @ApiProperty({ example: 1 })
  @Type(() => Number)
  @IsInt({ message: 'kindId måste vara ett heltal' })
  kindId: number;

  @ApiProperty({ example: 0, description: 'Så många per avgång när någon är bokad' })
  @Type(() => Number)
  @IsInt({ message: 'fixed måste vara ett heltal' })
  @Min(0, { message: 'fixed får inte vara negativt' })
  @Max(50, { message: 'fixed får vara högst 50' })
  fixed: number;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 2, description: 'En per så många platser (av kategorierna)' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'perUnits måste vara ett heltal' })
  @Min(1, { message: 'perUnits måste vara minst 1' })
  @Max(100, { message: 'perUnits får vara högst 100' })
  perUnits?: number | null;

  @ApiPropertyOptional({ type: [String], nullable: true, example: ['adult'], description: 'Priskategorier vars platser räknas (tom: alla)' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @IsArray({ message: 'categories är en lista av kategorikoder' })
  @ArrayMaxSize(20, { message: 'categories är en lista av kategorikoder' })
  @IsString({ each: true, message: 'categories är en lista av kategorikoder' })
  @MaxLength(40, { each: true, message: 'En kategorikod är högst 40 tecken' })
  categories?: string[] | null;

  @ApiPropertyOptional({ type: [String], nullable: true, example: ['snowmobile'], description: `Guidens färdigheter: ${SKILL_MESSAGE}` })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @IsArray({ message: SKILL_MESSAGE })
  @ArrayMaxSize(20, { message: SKILL_MESSAGE })
  @IsIn(SKILL_CODES, { each: true, message: SKILL_MESSAGE })
  skills?: string[] | null;
}

export class TourNeedsDto {
  @ApiProperty({ type: [NeedDto] })
  @IsArray({ message: 'needs är en lista' })
  @ArrayMaxSize(20, { message: 'needs får ha högst 20 rader' })
  @ValidateNested({ each: true })
  @Type(() => NeedDto)
  needs: NeedDto[];
}

export class AssignDto {
  @ApiProperty({ example: 12 })
  @Type(() => Number)
  @IsInt({ message: 'resourceId måste vara ett heltal' })
  resourceId: number;

  @ApiPropertyOptional({ example: 40, description: 'Flytta från den här avgången (tavlans drag)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'fromDepartureId måste vara ett heltal' })
  fromDepartureId?: number;
}

export class DayQueryDto {
  @ApiPropertyOptional({ example: '2027-01-15', description: 'Dagen (Kiruna); i dag om den saknas' })
  @IsOptional()
  @IsLocalDate({ message: 'Datum skrivs ÅÅÅÅ-MM-DD' })
  date?: string;

  @ApiPropertyOptional({ example: 1, description: 'Antal dagar från och med dagen (högst 14)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days måste vara ett heltal' })
  @Min(1, { message: 'days måste vara minst 1' })
  @Max(14, { message: 'days får vara högst 14' })
  days?: number;
}

/** The local day `date` (today when absent) and the `days` after it, as instants. */
function daysFrom(query: DayQueryDto): { from: Date; to: Date; date: string } {
  const date = query.date ?? kirunaDate(clock.now());
  const from = kirunaMidnight(date);
  const [year, month, day] = date.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1, day + (query.days ?? 1))).toISOString().slice(0, 10);
  return { from, to: kirunaMidnight(last), date };
}

/** The resource plan as staff keep it (Swedish admin): kinds, items, time out, what tours need, guides on departures. */
@StaffController('api/admin')
export class StaffResourcesController {
  constructor(private readonly plan: ResourcePlan) {}

  @Get('resources')
  @ApiOperation({ summary: 'Every resource kind and item (with time out of service from yesterday on) and what each tour needs' })
  @ApiOkResponse({ description: '{ kinds, items, needs }' })
  overview(): Promise<{ kinds: ResourceKindView[]; items: ResourceView[]; needs: TourResourceNeedView[] }> {
    return this.plan.overview(clock.now());
  }

  @Post('resource-kinds')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a resource kind (its type never changes); audited' })
  @ApiCreatedResponse({ description: 'The kind' })
  @ApiBadRequestResponse({ description: 'A bad field' })
  createKind(@Body() dto: CreateResourceKindDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ResourceKindView> {
    if (dto.type !== 'vehicle' && dto.seatsEach) throw new BadRequestException('Bara fordon har platser.');
    return this.plan.createKind(dto, admin.email);
  }

  @Post('resources')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add an item of a kind (a guide with skills); audited' })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: 'A bad field, no such kind, or skills for a thing' })
  async create(@Body() dto: CreateResourceDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ id: number }> {
    return { id: await this.plan.createItem(dto, admin.email) };
  }

  @Patch('resources/:id')
  @HttpCode(204)
  @ApiOperation({ summary: "Rename an item, set a guide's skills, or take it out of use; audited" })
  @ApiNoContentResponse({ description: 'Changed' })
  @ApiBadRequestResponse({ description: 'A bad field' })
  @ApiNotFoundResponse({ description: 'No such item' })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateResourceDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    await this.plan.updateItem(id, dto, admin.email);
  }

  @Post('resources/:id/outages')
  @HttpCode(201)
  @ApiOperation({ summary: "Take an item out of service (a sled in repair, a guide's days off): seats fall at once; audited" })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: 'A bad field, or an end before the start' })
  @ApiNotFoundResponse({ description: 'No such item' })
  async addOutage(@Param('id', ParseIntPipe) id: number, @Body() dto: OutageDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ id: number }> {
    return { id: await this.plan.addOutage(id, { startsAt: new Date(dto.startsAt), endsAt: new Date(dto.endsAt), reason: dto.reason ?? '' }, admin.email) };
  }

  @Delete('resource-outages/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Put an item back in service for that time; audited' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFoundResponse({ description: 'No such time out' })
  async removeOutage(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    await this.plan.removeOutage(id, admin.email);
  }

  @Put('tours/:id/resource-needs')
  @ApiOperation({ summary: 'What one departure of the tour needs, all at once; audited' })
  @ApiBody({ type: TourNeedsDto })
  @ApiOkResponse({ description: '{ data }: the needs' })
  @ApiBadRequestResponse({ description: 'A bad field, a kind twice, no such kind, skills for a thing, or a room kind (rooms go by the night)' })
  @ApiNotFoundResponse({ description: 'No such tour' })
  async setNeeds(@Param('id', ParseIntPipe) id: number, @Body() dto: TourNeedsDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<{ data: TourResourceNeedView[] }> {
    return { data: await this.plan.setNeeds(id, dto.needs, admin.email) };
  }

  @Get('departures/:id/crew')
  @ApiOperation({ summary: "A departure's guides and items, how many guides it should have, and the free and qualified ones to suggest" })
  @ApiOkResponse({ description: 'The crew' })
  @ApiNotFoundResponse({ description: 'No such departure' })
  crew(@Param('id', ParseIntPipe) id: number): Promise<DepartureCrewView> {
    return this.plan.crew(id);
  }

  @Post('departures/:id/crew')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put a guide or item on the departure (or move it from another with fromDepartureId); refused with the reason; audited' })
  @ApiOkResponse({ description: 'The crew, as it is now' })
  @ApiConflictResponse({ description: 'Not qualified, out of service, already on an overlapping departure, or the departure is over or cancelled' })
  @ApiNotFoundResponse({ description: 'No such departure or item' })
  assign(@Param('id', ParseIntPipe) id: number, @Body() dto: AssignDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<DepartureCrewView> {
    return this.plan.moveAssignment(dto.fromDepartureId ?? null, id, dto.resourceId, admin.email, clock.now());
  }

  @Delete('departures/:id/crew/:resourceId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Take a guide or item off the departure; audited' })
  @ApiNoContentResponse({ description: 'Taken off' })
  @ApiNotFoundResponse({ description: 'Not on that departure' })
  async unassign(@Param('id', ParseIntPipe) id: number, @Param('resourceId', ParseIntPipe) resourceId: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    await this.plan.unassign(id, resourceId, admin.email);
  }

  @Get('resource-board')
  @ApiOperation({ summary: 'The resource board over one or more Kiruna days: a row per guide and vehicle and per pool, the departures in columns, conflicts named' })
  @ApiOkResponse({ description: '{ from, to, departures, rows, unguided }' })
  @ApiBadRequestResponse({ description: 'A bad date or number of days' })
  board(@Query() query: DayQueryDto): Promise<ResourceBoardView> {
    const { from, to } = daysFrom(query);
    return this.plan.board(from, to, clock.now());
  }

  @Get('resources/:id/day')
  @ApiOperation({ summary: "An item's departures over one or more Kiruna days (a guide's day list)" })
  @ApiOkResponse({ description: '{ name, date, departures }' })
  @ApiBadRequestResponse({ description: 'A bad date' })
  @ApiNotFoundResponse({ description: 'No such item' })
  async day(@Param('id', ParseIntPipe) id: number, @Query() query: DayQueryDto): Promise<{ name: string; date: string; departures: AssignedDeparture[] }> {
    const { from, to, date } = daysFrom(query);
    return { ...(await this.plan.assignedBetween(id, from, to)), date };
  }
}
