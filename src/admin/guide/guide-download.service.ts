import { Injectable } from '@nestjs/common';

import type { GuideDownload } from '../../../shared/guide-app';
import { clock } from '../../common/clock';
import { kirunaDayStart } from '../../common/kiruna-day';
import { StaffBookingsService } from '../../bookings/staff-bookings.service';
import { VoucherCodes } from '../../bookings/voucher-codes';
import { DeparturesRepository } from '../../departures/departures.repository';
import { ResourcePlan } from '../../departures/resources/resource-plan.service';

/**
 * What a guide's phone takes along before it goes where there is no signal (issue 51): today's
 * and tomorrow's departures, each with its passenger list (pickups in driving order, the party,
 * the answers, notes, phones, what to collect, who has come), the public keys that check QR codes
 * offline, and when it was taken. A login that is a guide on the resource plan, with departures
 * there, gets those; any other staff login gets every departure of the two days with guests booked.
 */
@Injectable()
export class GuideDownloads {
  constructor(
    private readonly plan: ResourcePlan,
    private readonly departures: DeparturesRepository,
    private readonly bookings: StaffBookingsService,
    private readonly vouchers: VoucherCodes,
  ) {}

  async download(staffEmail: string, now = clock.now()): Promise<GuideDownload> {
    const from = kirunaDayStart(now, 0);
    const to = kirunaDayStart(now, 2);
    const guide = await this.plan.guideFor(staffEmail);
    const assigned = guide ? (await this.plan.assignedBetween(guide.id, from, to)).departures.map((departure) => departure.departureId) : [];
    // Otherwise every departure of the two days that has guests (an empty one has no one to check in).
    const ids = assigned.length ? assigned : (await this.departures.scheduleWithSeats({ from, to }, now)).filter((departure) => departure.status !== 'cancelled' && (departure.booked ?? 0) > 0).map((departure) => departure.id);
    const departures = [];
    for (const id of ids) {
      const manifest = await this.bookings.manifest(id);
      departures.push({
        id,
        tourTitle: manifest.departure.tourTitle,
        startsAt: new Date(manifest.departure.startsAt).toISOString(),
        meetingPoint: manifest.departure.meetingPoint,
        totalGuests: manifest.totalGuests,
        passengers: manifest.passengers.map(({ email: _email, paymentStatus: _paid, discount: _discount, channel: _channel, ...passenger }) => passenger),
      });
    }
    departures.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    return { takenAt: now.toISOString(), guide, departures, keys: this.vouchers.publicJwks() };
  }
}
