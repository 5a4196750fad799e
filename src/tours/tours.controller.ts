import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { ApiMovedPermanentlyResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import type { DepartureView, ListResponse, TourDetail, TourSummary } from '../../shared/api-types';
import { DeparturesQuery } from './dto/departures.query';
import { ListToursQuery } from './dto/list-tours.query';
import { ToursService } from './tours.service';

@ApiTags('tours')
@Controller('api/tours')
export class ToursController {
  constructor(private readonly tours: ToursService) {}

  @Get()
  @ApiOkResponse({ description: '{ data: Tour[] }, by sort_order (missing last), ties by id descending' })
  async list(@Query() query: ListToursQuery): Promise<ListResponse<TourSummary>> {
    return { data: await this.tours.list(query) };
  }

  @Get('by-id/:id')
  @ApiNotFoundResponse({ description: 'No such tour' })
  getById(@Param('id', ParseIntPipe) id: number): Promise<TourDetail> {
    return this.tours.getById(id);
  }

  @Get(':slug')
  @ApiNotFoundResponse({ description: 'No such tour' })
  @ApiMovedPermanentlyResponse({ description: 'The tour was renamed: Location is its address now' })
  async get(@Param('slug') slug: string, @Res({ passthrough: true }) response: Response): Promise<TourDetail | undefined> {
    const tour = await this.tours.getBySlug(slug);
    if (tour.slug === slug) return tour;
    response.redirect(301, `/api/tours/${encodeURIComponent(tour.slug)}`);
    return undefined;
  }

  @Get(':slug/departures')
  departures(@Param('slug') slug: string, @Query() query: DeparturesQuery): Promise<DepartureView[]> {
    return this.tours.departuresOf(slug, query);
  }
}
