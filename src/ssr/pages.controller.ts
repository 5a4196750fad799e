import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { clientIp } from '../common/throttling/client-ip';
import { pageHeaders } from './page-answer';
import { isApiPath } from './page-redirects.middleware';
import { SsrService } from './ssr.service';

/**
 * Every page route: the React app rendered on the server. Registered last, after /api. The
 * public pages are mostly answered before Express by PageResponder; the rest come here.
 */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(private readonly ssr: SsrService) {}

  @Get('{*path}')
  async page(@Req() request: Request, @Res() response: Response): Promise<void> {
    if (isApiPath(request.path)) {
      throw new NotFoundException(`There is no API endpoint ${request.method} ${request.path}.`);
    }
    const result = await this.ssr.render(request.originalUrl, clientIp(request));
    if (result.kind === 'redirect') {
      response.redirect(result.status, result.location);
      return;
    }
    response.status(result.status).set(pageHeaders(result)).send(result.html);
  }
}
