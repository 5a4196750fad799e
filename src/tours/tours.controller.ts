import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiMovedPermanentlyResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import type { DepartureView, ListResponse, TourDetail, TourSummary } from '../../shared/api-types';
import { LangQuery } from '../common/i18n/lang-query.dto';
import { DeparturesQuery } from './dto/departures.query';
import { ListToursQuery } from './dto/list-tours.query';
import { ToursService } from './tours.service';

@ApiTags('tours')
@Controller('api/tours')
export class ToursController {
  constructor(private readonly tours: ToursService) {}

  @Get()
  @ApiOkResponse({ description: '{ data: Tour[] }, by sort_order (missing last), ties by id descending' })
  @ApiOperation({ summary: 'List the published tours, filtered by location and category' })
  @ApiBadRequestResponse({ description: 'An unknown location or category; the message names the allowed ones' })
  async list(@Query() query: ListToursQuery): Promise<ListResponse<TourSummary>> {
    const { lang, ...filter } = query;
    return { data: await this.tours.list(filter, lang) };
  }

  @Get('by-id/:id')
  @ApiNotFoundResponse({ description: 'No such tour' })
  @ApiOperation({ summary: 'Read a published tour by its id' })
  @ApiOkResponse({ description: 'The tour with its upcoming departures' })
  @ApiBadRequestResponse({ description: 'The id is not a whole number' })
  getById(@Param('id', ParseIntPipe) id: number, @Query() { lang }: LangQuery): Promise<TourDetail> {
    return this.tours.getById(id, lang);
  }

  @Get(':slug')
  @ApiNotFoundResponse({ description: 'No such tour' })
  @ApiMovedPermanentlyResponse({ description: 'The tour was renamed: Location is its address now' })
  @ApiOperation({ summary: 'Read a published tour by its slug' })
  @ApiOkResponse({ description: 'The tour with its description, images and upcoming departures' })
  async get(@Param('slug') slug: string, @Query() { lang }: LangQuery, @Res({ passthrough: true }) response: Response): Promise<TourDetail | undefined> {
    const tour = await this.tours.getBySlug(slug, lang);
    if (tour.slug === slug) return tour;
    response.redirect(301, `/api/tours/${encodeURIComponent(tour.slug)}${lang ? `?lang=${lang}` : ''}`);
    return undefined;
  }

  @Get(':slug/departures')
  @ApiOperation({ summary: "List a tour's departures with their seats left" })
  @ApiBadRequestResponse({ description: 'A date that is not an ISO date' })
  @ApiNotFoundResponse({ description: 'No such tour' })
  @ApiOkResponse({ description: '[{ id, startsAt, capacity, seatsLeft, priceSek }]' })
  departures(@Param('slug') slug: string, @Query() query: DeparturesQuery): Promise<DepartureView[]> {
    return this.tours.departuresOf(slug, query);
  }
}
