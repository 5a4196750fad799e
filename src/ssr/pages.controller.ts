import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { BookingLookupLimiter } from '../bookings/booking-lookup.limiter';
import { clientIp } from '../common/throttling/client-ip';
import { SsrService } from './ssr.service';

/** Every page route: the React app rendered on the server. Registered last, after /api. */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(private readonly ssr: SsrService) {}

  @Get('{*path}')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (request.path.startsWith('/api/') || request.path === '/api') {
      throw new NotFoundException(`There is no API endpoint ${request.method} ${request.path}.`);
    }
    const result = await this.ssr.render(request.originalUrl, clientIp(request));
    if (result.kind === 'redirect') {
      response.redirect(result.status, result.location);
      return;
    }
    if (result.status === 429) response.setHeader('Retry-After', String(BookingLookupLimiter.WINDOW_MS / 1000));
    // How long the page's data and React's render took: what a render costs, apart from what surrounds it.
    response.setHeader('Server-Timing', `data;dur=${result.timings.data.toFixed(1)}, render;dur=${result.timings.render.toFixed(1)}`);
    // A page that shows a failure to load ("Failed to load tours") is never kept, here or by anyone else.
    response.status(result.status).type('html').setHeader('Cache-Control', result.dataFailed ? 'no-store' : 'no-cache').send(result.html);
  }
}
