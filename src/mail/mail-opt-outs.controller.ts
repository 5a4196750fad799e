import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { OptOutKind } from './mail-opt-out.entity';
import { MailOptOuts } from './mail-opt-outs.service';

/** The one-click unsubscribe of the mails a guest may stop. */
@ApiTags('mail')
@Controller('api/unsubscribe')
export class MailOptOutsController {
  constructor(private readonly optOuts: MailOptOuts) {}

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: 'One-click unsubscribe (RFC 8058) from one kind of mail (a booking left half way, a rating request); booking mails never stop. The body (List-Unsubscribe=One-Click, as a form) is not read' })
  @ApiOkResponse({ description: 'The kind of mail stopped for that address' })
  @ApiNotFoundResponse({ description: 'The link is bad or has expired' })
  async unsubscribe(@Param('token') token: string): Promise<{ unsubscribed: OptOutKind }> {
    return { unsubscribed: await this.optOuts.unsubscribe(token) };
  }
}
