import { BadRequestException, ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';

import { BookingsService } from '../bookings/bookings.service';
import { CreateBookingDto } from '../bookings/dto/create-booking.dto';
import { refusalIn } from '../common/i18n/refusals';
import { createValidationPipe } from '../common/pipes/validation.pipe';
import { ToursService } from '../tours/tours.service';
import type { GuideDeparture, GuideDesk, HoldRequest, HoldResult } from './guide/guide-catalogue';
import { clock } from '../common/clock';

const validation = createValidationPipe();

/**
 * The live site as the AI guides see it: a tour's departures with their seats now, and a hold
 * made exactly as the booking page makes one (the same validation, guest limits and lifecycle,
 * under the departure's lock), for the guest's own address.
 */
@Injectable()
export class GuideDeskService {
  constructor(
    private readonly tours: ToursService,
    private readonly bookings: BookingsService,
  ) {}

  /**
   * A desk for one guest. `claim`, when given, is asked first before a hold and must say yes
   * (it takes the conversation's offer, so that one offer holds once, on any replica).
   */
  forGuest(clientIp: string, claim?: () => Promise<boolean>): GuideDesk {
    return {
      departures: (slug, from, to) => this.departures(slug, from, to),
      hold: async (request) => {
        if (claim && !(await claim())) return { ok: false, why: 'taken', reason: 'already held' };
        return this.hold(request, clientIp);
      },
    };
  }

  private async departures(slug: string, from: Date, to: Date): Promise<GuideDeparture[]> {
    try {
      const departures = await this.tours.departuresOf(slug, { from: from.toISOString(), to: to.toISOString() });
      return departures.map(({ id, startsAt, seatsLeft, priceSek, prices, minimum }) => ({ id, startsAt, seatsLeft, priceSek, prices, ...(minimum && { minimum }) }));
    } catch (error) {
      if (error instanceof NotFoundException) return [];
      throw error;
    }
  }

  private async hold(request: HoldRequest, clientIp: string): Promise<HoldResult> {
    try {
      const dto = (await validation.transform(
        { departureId: request.departureId, ...(request.categories ? { categories: request.categories } : { guests: request.guests }), name: request.name, email: request.email, language: request.lang },
        { type: 'body', metatype: CreateBookingDto },
      )) as CreateBookingDto;
      const held = await this.bookings.hold(dto, clientIp);
      return { ok: true, reference: held.reference, holdExpiresAt: held.holdExpiresAt ?? clock.now().toISOString(), totalSek: held.totalSek };
    } catch (error) {
      const reason = (message: string) => refusalIn(request.lang, message);
      if (error instanceof ConflictException || error instanceof NotFoundException) return { ok: false, why: 'seats', reason: reason(error.message) };
      if (error instanceof HttpException && error.getStatus() === HttpStatus.TOO_MANY_REQUESTS) return { ok: false, why: 'limit', reason: reason(error.message) };
      if (error instanceof BadRequestException) return { ok: false, why: 'refused', reason: reason(messageOf(error)) };
      throw error;
    }
  }
}

function messageOf(error: BadRequestException): string {
  const body = error.getResponse();
  return typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : error.message;
}
