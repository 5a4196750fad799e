import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, MoreThanOrEqual } from 'typeorm';

import type { BookingHistoryEntry, GuestChangeView } from '../../shared/admin-types';
import { formatKr } from '../../shared/company';
import { formatStaffTime, REFUND_STATUS_LABELS, resellerActor } from '../../shared/staff-words';
import { AuditLogService, type AuditLogView } from '../common/audit/audit-log.service';
import { DeparturesRepository } from '../departures/departures.repository';
import { MailOutbox } from '../mail/mail-outbox.service';
import { pickupNames } from '../tours/tour-options';
import { BookingEvent } from './booking-event.entity';
import { departuresNamedIn, idsNamedIn, readableAction, readableChange, readableRefundCause, type HistoryNames } from './booking-history-words';
import { BookingRefund } from './booking-refund.entity';
import { BookingWriter } from './lifecycle/booking-writer';
import type { TransitionActor, TransitionName } from './lifecycle/transitions';

/** Each transition as staff read it. */
const TRANSITION_SV: Record<TransitionName, string> = {
  hold: 'Platser reserverade',
  confirmOnArrival: 'Bekräftad, betalas på plats',
  payByGiftCard: 'Betald med presentkort och bekräftad',
  startCardPayment: 'Kortbetalning påbörjad',
  confirmPayment: 'Betald med kort och bekräftad',
  refusePayment: 'Kortbetalning nekad och återbetald',
  expire: 'Reservationen gick ut',
  cancelByGuest: 'Reservationen släppt av gästen',
  cancelWithLink: 'Avbokad av gästen',
  updateDetails: 'Uppgifter ändrade av gästen',
  bookByStaff: 'Bokad av personal',
  changeByGuest: 'Datum eller sällskap ändrat av gästen',
  startBalancePayment: 'Betalning av resten påbörjad',
  flagLateBalance: 'Resten inte betald i tid (personalen meddelad)',
  markAttendance: 'Närvaro registrerad',
  remind: 'Påminnelse',
  cancelByStaff: 'Avbokad av personal',
  cancelDeparture: 'Avgången inställd',
  rebook: 'Flyttad av gästen efter inställd avgång',
  acceptMove: 'Flyttad av gästen efter vädret (erbjudande)',
  move: 'Flyttad av personal',
  markPaidOnSite: 'Betald på plats',
  recordRepayment: 'Återbetald för hand',
  settleRefund: 'Återbetalning registrerad',
  anonymise: 'Gästens uppgifter raderade',
  holdForReseller: 'Reserverad av återförsäljare',
  extendHold: 'Reservationen förlängd av återförsäljaren',
  confirmByReseller: 'Bekräftad av återförsäljaren',
  updateByReseller: 'Ändrad av återförsäljaren',
  changeByReseller: 'Ombokad av återförsäljaren',
  cancelByReseller: 'Avbokad av återförsäljaren',
};

const ACTOR_SV: Record<TransitionActor, string> = { guest: 'Gästen', staff: 'Personal', stripe: 'Stripe', reseller: 'Återförsäljaren', system: 'Systemet' };
const MAIL_STATUS_SV = { pending: 'väntar', sent: 'skickat', failed: 'misslyckades' } as const;

/**
 * A booking's history for staff: every transition (from booking_events), every mail about it
 * (the outbox), every refund, and every staff or reseller action on it (the audit log, which
 * names who), oldest first, in staff's words (booking-history-words).
 */
@Injectable()
export class BookingHistory {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: BookingWriter,
    private readonly departures: DeparturesRepository,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditLogService,
  ) {}

  async of(reference: string): Promise<BookingHistoryEntry[]> {
    const booking = await this.writer.load(reference);
    const [events, mails, refunds, actions] = await Promise.all([
      this.dataSource.getRepository(BookingEvent).find({ where: { bookingId: booking.id }, order: { id: 'ASC' } }),
      this.outbox.aboutBooking(booking.reference),
      this.dataSource.getRepository(BookingRefund).find({ where: { bookingId: booking.id }, order: { id: 'ASC' } }),
      this.audit.about(`booking:${booking.reference}`),
    ]);
    const names = await this.names(events.map((event) => event.detail), actions);
    const entries: BookingHistoryEntry[] = [
      ...events.map((event) => ({
        at: event.createdAt.toISOString(),
        kind: 'transition' as const,
        what: TRANSITION_SV[event.transition as TransitionName] ?? event.transition,
        who: ACTOR_SV[event.actor as TransitionActor] ?? event.actor,
        detail: readableChange(event.detail, names),
      })),
      ...mails.map((mail) => ({
        at: mail.createdAt,
        kind: 'mail' as const,
        what: `Mejl: ${mail.subject}`,
        who: 'Systemet',
        detail: `till ${mail.recipient} · ${MAIL_STATUS_SV[mail.status]}${mail.sentAt ? ` ${formatStaffTime(mail.sentAt)}` : ''}`,
      })),
      ...refunds.map((refund) => ({
        at: (refund.refundedAt ?? refund.createdAt).toISOString(),
        kind: 'refund' as const,
        what: `Återbetalning ${formatKr(refund.amountOre / 100)}`,
        who: 'Stripe',
        detail: `${readableRefundCause(refund.cause)} · ${REFUND_STATUS_LABELS[refund.status]}${refund.stripeRefundId ? ` · ${refund.stripeRefundId}` : ''}`,
      })),
      ...actions.map((action) => {
        const reseller = resellerActor(action.adminEmail);
        return { at: action.createdAt, kind: reseller === undefined ? ('staff' as const) : ('reseller' as const), who: reseller ?? action.adminEmail, ...readableAction(action, names) };
      }),
    ];
    // Stable: for one moment the order they were listed in (a transition before the mail it wrote).
    return entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index).map(({ entry }) => entry);
  }

  /** The departures and pickup places the history names by id, looked up once. */
  private async names(details: (string | null)[], actions: AuditLogView[] = []): Promise<HistoryNames> {
    const named = details.map(idsNamedIn);
    const departureIds = [...new Set([...named.flatMap((ids) => ids.departures), ...actions.flatMap(departuresNamedIn)])];
    const pickupIds = [...new Set(named.flatMap((ids) => ids.pickups))];
    const [startTimes, pickups] = await Promise.all([this.departures.startTimesOf(departureIds), pickupNames(this.dataSource.manager, pickupIds)]);
    return { departures: new Map([...startTimes].map(([id, startsAt]) => [id, formatStaffTime(startsAt)])), pickups };
  }

  /** Confirmed bookings guests changed or cancelled themselves since `since`, newest first: for the dashboard. */
  async guestChangesSince(since: Date, limit = 20): Promise<GuestChangeView[]> {
    const events = await this.dataSource.getRepository(BookingEvent).find({
      where: { transition: In(['changeByGuest', 'cancelWithLink']), createdAt: MoreThanOrEqual(since) },
      relations: { booking: { departure: { tour: true } } },
      order: { id: 'DESC' },
      take: limit,
    });
    const shown = events.filter((event) => event.transition === 'changeByGuest' || event.detail?.startsWith('status: confirmed'));
    const names = await this.names(shown.map((event) => event.detail));
    return shown.map((event) => ({
      reference: event.booking!.reference,
      name: event.booking!.name,
      tourTitle: event.booking!.departure!.tour!.title,
      startsAt: event.booking!.departure!.startsAt.toISOString(),
      change: event.transition === 'changeByGuest' ? ('changed' as const) : ('cancelled' as const),
      detail: readableChange(event.detail, names),
      at: event.createdAt.toISOString(),
    }));
  }
}
