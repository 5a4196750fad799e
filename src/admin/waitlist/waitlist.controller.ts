import { Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';

import type { StaffWaitlistEntry } from '../../../shared/waitlist';
import { WaitlistLine } from '../../waitlist/waitlist-line.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';

/** Staff's side of the waitlists: a departure's line, and an offer made by hand. */
@StaffController('api/admin')
export class StaffWaitlistController {
  constructor(private readonly line: WaitlistLine) {}

  @Get('departures/:id/waitlist')
  @ApiOperation({ summary: "A departure's waitlist: everyone in line in order, and how earlier offers ended" })
  @ApiOkResponse({ description: 'The entries, oldest first' })
  async departureLine(@Param('id', ParseIntPipe) id: number): Promise<{ data: StaffWaitlistEntry[] }> {
    return { data: await this.line.ofDeparture(id) };
  }

  @Post('waitlist/:id/offer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Offer the seats to a guest in line now, out of turn (when the departure has them); audited' })
  @ApiNoContentResponse({ description: 'Offered: the guest is mailed' })
  @ApiConflictResponse({ description: 'Not enough seats, the guest is not in line, or the departure takes no bookings' })
  @ApiNotFoundResponse({ description: 'No such entry' })
  async offer(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    await this.line.offerByHand(id, admin.email);
  }
}
