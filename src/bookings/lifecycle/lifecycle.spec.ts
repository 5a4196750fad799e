import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource, In } from 'typeorm';

import { AppConfig } from '../../config/app-config';
import { dataSourceOptions } from '../../app-data/data-source-options';
import { SQLITE_IN_MEMORY } from '../../database/dialect';
import { prepareDatabase } from '../../app-data/prepare-database';
import { MailOutbox } from '../../mail/mail-outbox.service';
import type { MailService } from '../../mail/mail.service';
import { OutboxMail } from '../../mail/outbox-mail.entity';
import type { StripeService } from '../../stripe/stripe.service';
import { Departure } from '../../departures/departure.entity';
import { Tour } from '../../tours/tour.entity';
import { FollowUpLinks } from '../follow-up-links';
import { MailOptOuts } from '../../mail/mail-opt-outs.service';
import { BookingMails } from '../notifications/booking-mails';
import { VoucherCodes } from '../voucher-codes';
import { BookingNotifications } from '../notifications/booking-notifications';
import { StaffNotices } from '../notifications/staff-notices';
import { ContentTranslations } from '../../common/i18n/content-translations.service';
import { BookingWords } from '../booking-words';
import { ManageLinks } from '../manage-links.service';
import { BookingEvent } from '../booking-event.entity';
import { BookingRefund } from '../booking-refund.entity';
import { Booking } from '../booking.entity';
import { withDepartureLock } from '../../departures/departure-lock';
import { ResourceRooms } from '../../departures/resources/resource-rooms';
import type { ContentChanges } from '../../common/cache/content-changes';
import { RoomNights } from '../../departures/resources/room-nights';
import { SeatsRepository } from '../../departures/seats.repository';
import { MinimumDecisions } from '../../departures/minimum-decisions';
import { BookingWriter } from './booking-writer';
import { Cancellations } from './cancellations';
import { ChangePlans } from './change-plans';
import { HoldCheckout } from './hold-checkout.service';
import { PromoCodeBook } from '../../promo-codes/promo-code-book.service';
import type { DeparturesRepository } from '../../departures/departures.repository';
import { PromoRedemption } from './promo-redemption';
import { NewBookings } from './new-bookings';
import { Refunds } from './refunds.service';
import { ANONYMISED_NAME, StaffActions } from './staff-actions.service';
import type { SkyOutlooks } from '../../sky/sky-outlooks.service';
import type { ToursService } from '../../tours/tours.service';
import { GiftCardLedger } from '../../gift-cards/gift-card-ledger.service';
import { forgetSeededPools } from '../../../test/support/seeded-pools';

/**
 * Each transition of the lifecycle owner on a real (in-memory SQLite) database with the
 * migrations and seed, Stripe replaced by a recording fake.
 */
describe('The booking lifecycle', () => {
  let dataSource: DataSource;
  let config: AppConfig;
  let stripe: jest.Mocked<Pick<StripeService, 'createCheckoutSession' | 'expireSession' | 'refund'>> & { enabled: boolean };
  let holds: HoldCheckout;
  let staff: StaffActions;
  let refunds: Refunds;
  let writer: BookingWriter;
  let tourId: number;
  let guest = 0;

  beforeAll(async () => {
    config = AppConfig.fromEnvironment({ DATA_DIR: mkdtempSync(join(tmpdir(), 'norrsken-lifecycle-')), JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256' });
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: SQLITE_IN_MEMORY }));
    await dataSource.initialize();
    await prepareDatabase(dataSource);
    await forgetSeededPools(dataSource);
    tourId = (await dataSource.getRepository(Tour).findOneByOrFail({ slug: 'drive-your-own-dog-sled-team' })).id;
  });

  afterAll(() => dataSource.destroy());

  let sessions = 0;
  beforeEach(() => {
    stripe = {
      enabled: true,
      createCheckoutSession: jest.fn(async (input) => ({ id: `cs_${++sessions}`, url: `https://stripe.test/${sessions}`, expires_at: Math.floor(input.expiresAt.getTime() / 1000) }) as never),
      expireSession: jest.fn(async (_sessionId: string) => undefined),
      refund: jest.fn(async (input) => ({ id: `re_${input.cause}`, amount: input.amountOre, created: 1_800_000_000 }) as never),
    };
    const outbox = new MailOutbox(dataSource, { send: jest.fn() } as unknown as MailService);
    // Mails stay in the outbox table, where these tests read them.
    jest.spyOn(outbox, 'kick').mockImplementation(() => undefined);
    const seats = new SeatsRepository(dataSource, new ResourceRooms(dataSource, { onChange: () => () => undefined } as unknown as ContentChanges), new RoomNights(dataSource, { onChange: () => () => undefined } as unknown as ContentChanges));
    const words = new BookingWords({ of: async () => new Map() } as unknown as ContentTranslations);
    const mails = new BookingMails(outbox, config, new ManageLinks(config), words, { findById: async () => null } as unknown as ToursService, {} as SkyOutlooks, new MinimumDecisions(dataSource, seats, outbox, config), new FollowUpLinks(config), new MailOptOuts(dataSource, config), new VoucherCodes([{ id: 'k1', seed: Buffer.alloc(32, 1) }]));
    const giftCards = new GiftCardLedger(dataSource, config);
    writer = new BookingWriter(dataSource, stripe as unknown as StripeService, giftCards, seats);
    new BookingNotifications(writer, mails, new StaffNotices(outbox, config)).onModuleInit();
    const cancellations = new Cancellations(config, writer);
    const newBookings = new NewBookings(dataSource, seats, writer, new PromoRedemption(dataSource, new PromoCodeBook(dataSource), {} as DeparturesRepository));
    holds = new HoldCheckout(dataSource, config, stripe as unknown as StripeService, seats, writer, words, newBookings, giftCards);
    staff = new StaffActions(dataSource, writer, cancellations, new ChangePlans(seats, writer), newBookings, giftCards);
    refunds = new Refunds(dataSource, stripe as unknown as StripeService, writer);
  });

  const departure = async (capacity = 8, priceSek: number | null = null) => {
    const departures = dataSource.getRepository(Departure);
    return departures.save(departures.create({ tourId, startsAt: new Date(Date.now() + 20 * 86_400_000 + Math.random() * 1e7), capacity, priceSek, status: 'open' }));
  };
  const hold = async (departureId: number, guests = 2, ip = `10.0.0.${++guest}`, email = `anna${++guest}@example.com`) =>
    holds.hold({ departureId, guests, name: 'Anna Svensson', email }, ip);
  const booking = (reference: string) => dataSource.getRepository(Booking).findOneByOrFail({ reference });
  const mailsFor = (reference: string) => dataSource.getRepository(OutboxMail).findBy({ bookingReference: reference });
  const paid = async (reference: string) => {
    const { redirectUrl } = await holds.startCardPayment(reference);
    const stored = await booking(reference);
    expect(redirectUrl).toBe(stored.stripeSessionUrl);
    const payment = { reference, sessionId: stored.stripeSessionId!, paymentIntentId: `pi_${reference}`, paid: true, amountOre: stored.totalSek * 100, currency: 'sek' };
    return { payment, outcome: await holds.recordCardPayment(payment, async () => true) };
  };

  describe('hold', () => {
    it('holds seats at the departure price for HOLD_MINUTES, and refuses more than are left', async () => {
      const target = await departure(3, 1000);
      const reference = await hold(target.id, 2);
      expect(await booking(reference)).toMatchObject({ status: 'held', guests: 2, totalSek: 2000, paymentStatus: 'unpaid', clientIpHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      await expect(hold(target.id, 2)).rejects.toThrow('Only 1 seat is left on this departure.');
    });

    it("refuses one guest's third open hold with a 429, and not another family's at the same address", async () => {
      const [a, b, c] = [await departure(), await departure(), await departure()];
      await hold(a.id, 1, '10.9.9.9', 'first@example.com');
      await hold(b.id, 1, '10.9.9.9', 'first@example.com');
      await expect(hold(c.id, 1, '10.9.9.9', 'first@example.com')).rejects.toMatchObject({ status: 429 });
      await expect(hold(c.id, 1, '10.9.9.9', 'second@example.com')).resolves.toMatch(/^NAT-/);
    });
  });

  describe('confirmPayment of a booking confirmed meanwhile (the booking model\'s first counterexample)', () => {
    it('records a card payment of exactly what a booking confirmed to pay on arrival owes, refunds any other, and never loses one', async () => {
      const target = await departure(8, 1000);
      const reference = await hold(target.id, 1);
      await holds.startCardPayment(reference);
      const sessionId = (await booking(reference)).stripeSessionId!;
      const pay = (paymentIntentId: string, amountOre: number) => holds.recordCardPayment({ reference, sessionId, paymentIntentId, paid: true, amountOre, currency: 'sek' }, async () => true);
      expect(await pay('pi_model_wrong', 100_100)).toBe('refunded');
      await holds.confirmOnArrival(reference);
      // Before: the payment's transaction was refused (confirmPayment from confirmed) and rolled back, money neither held nor refunded.
      expect(await pay('pi_model_exact', 100_000)).toBe('confirmed');
      expect(await booking(reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'stripe', paidAmountOre: 100_000 });
      expect(await pay('pi_model_again', 100_000)).toBe('refunded');
      const refunds = await dataSource.getRepository(BookingRefund).findBy({ paymentIntentId: In(['pi_model_wrong', 'pi_model_again']) });
      expect(refunds.map((refund) => refund.amountOre).sort()).toEqual([100_000, 100_100]);
    });
  });

  describe('refusePayment of a booking confirmed to pay on arrival (the booking model\'s second counterexample)', () => {
    it('refunds a wrong card payment and leaves the booking due on arrival, owing what it owed', async () => {
      const target = await departure(8, 1000);
      const reference = await hold(target.id, 1);
      await holds.startCardPayment(reference);
      const sessionId = (await booking(reference)).stripeSessionId!;
      await holds.confirmOnArrival(reference);
      const outcome = await holds.recordCardPayment({ reference, sessionId, paymentIntentId: 'pi_model_stray', paid: true, amountOre: 100_100, currency: 'sek' }, async () => true);
      expect(outcome).toBe('refunded');
      // Before: marked refund_pending, so the money it owed was shown to nobody.
      expect(await booking(reference)).toMatchObject({ status: 'confirmed', paymentStatus: 'due_on_arrival' });
    });
  });

  describe('confirmOnArrival', () => {
    it('confirms a live hold once, with the guest mail and the staff notice written in the same transaction', async () => {
      const reference = await hold((await departure()).id);
      await holds.confirmOnArrival(reference);
      await holds.confirmOnArrival(reference);
      expect(await booking(reference)).toMatchObject({ status: 'confirmed', paymentMethod: 'on_arrival', paymentStatus: 'due_on_arrival' });
      expect((await mailsFor(reference)).map((mail) => mail.topic).sort()).toEqual(['booking.confirmed', 'booking.staff-notice']);
    });

    it('keeps the notice its listeners were told with the transition, and writes nothing when a listener fails', async () => {
      const reference = await hold((await departure()).id);
      const { id } = await booking(reference);
      writer.onNotice(async (_manager, told) => {
        if (told.reference === reference) throw new Error('the mail could not be written');
      });
      await expect(holds.confirmOnArrival(reference)).rejects.toThrow('the mail could not be written');
      expect(await booking(reference)).toMatchObject({ status: 'held' });
      expect(await mailsFor(reference)).toEqual([]);
      // Told once more by a listener that works: the change, its history row with the notice, and its mails commit together.
      (writer as unknown as { listeners: unknown[] }).listeners.pop();
      await holds.confirmOnArrival(reference);
      const events = await dataSource.getRepository(BookingEvent).find({ where: { bookingId: id }, order: { id: 'ASC' } });
      expect(events.map((event) => [event.transition, event.notice])).toEqual([
        ['hold', null],
        ['confirmOnArrival', { kind: 'confirmed' }],
      ]);
      expect((await mailsFor(reference)).map((mail) => mail.topic).sort()).toEqual(['booking.confirmed', 'booking.staff-notice']);
    });

    it('answers 410 for a lapsed hold', async () => {
      const reference = await hold((await departure()).id);
      await dataSource.getRepository(Booking).update({ reference }, { holdExpiresAt: new Date(Date.now() - 1) });
      await expect(holds.confirmOnArrival(reference)).rejects.toMatchObject({ status: 410 });
    });
  });

  describe('startCardPayment', () => {
    it('opens one session per attempt, hands the open one out again, and extends the hold to its end', async () => {
      const reference = await hold((await departure()).id);
      const first = await holds.startCardPayment(reference);
      const again = await holds.startCardPayment(reference);
      expect(again).toEqual(first);
      expect(stripe.createCheckoutSession).toHaveBeenCalledTimes(1);
      expect(stripe.createCheckoutSession.mock.calls[0][0]).toMatchObject({ reference, attempt: 1 });
      const stored = await booking(reference);
      expect(stored.holdExpiresAt!.getTime()).toBeGreaterThanOrEqual(stored.stripeSessionExpiresAt!.getTime());
    });

    it('gives the hold its own end back, and answers 503, when Stripe fails', async () => {
      const reference = await hold((await departure()).id);
      const before = (await booking(reference)).holdExpiresAt!;
      stripe.createCheckoutSession.mockRejectedValueOnce(new Error('Stripe is down'));
      await expect(holds.startCardPayment(reference)).rejects.toMatchObject({ status: 503 });
      expect((await booking(reference)).holdExpiresAt!.getTime()).toBe(before.getTime());
    });
  });

  describe('confirmPayment and refusePayment', () => {
    it('confirms a payment of the right amount, and refunds one of the wrong amount', async () => {
      const right = await hold((await departure()).id);
      expect((await paid(right)).outcome).toBe('confirmed');
      expect(await booking(right)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paidAmountOre: expect.any(Number) });

      const wrong = await hold((await departure()).id);
      await holds.startCardPayment(wrong);
      const stored = await booking(wrong);
      const outcome = await holds.recordCardPayment({ reference: wrong, sessionId: stored.stripeSessionId!, paymentIntentId: 'pi_wrong', paid: true, amountOre: 100, currency: 'sek' }, async () => true);
      expect(outcome).toBe('refunded');
      expect(await booking(wrong)).toMatchObject({ status: 'held', paymentStatus: 'refund_pending' });
      expect(await dataSource.getRepository(BookingRefund).findOneByOrFail({ bookingId: stored.id })).toMatchObject({ cause: 'amount-mismatch-pi_wrong', amountOre: 100, status: 'pending' });
    });

    it('changes nothing for an event it has seen', async () => {
      const reference = await hold((await departure()).id);
      await holds.startCardPayment(reference);
      const stored = await booking(reference);
      const outcome = await holds.recordCardPayment({ reference, sessionId: stored.stripeSessionId!, paymentIntentId: 'pi_x', paid: true, amountOre: stored.totalSek * 100, currency: 'sek' }, async () => false);
      expect(outcome).toBe('duplicate');
      expect((await booking(reference)).status).toBe('held');
    });
  });

  describe('expire', () => {
    it('marks lapsed holds expired and leaves live ones, and only the current session ends a hold', async () => {
      const target = await departure();
      const lapsed = await hold(target.id, 1);
      const live = await hold(target.id, 1);
      await dataSource.getRepository(Booking).update({ reference: lapsed }, { holdExpiresAt: new Date(Date.now() - 1) });
      expect(await holds.expireLapsedHolds()).toBeGreaterThanOrEqual(1);
      expect((await booking(lapsed)).status).toBe('expired');
      expect(await holds.cardSessionExpired(live, 'cs_not_this_one')).toBe('unchanged');
      expect((await booking(live)).status).toBe('held');
    });
  });

  describe('cancelByGuest', () => {
    it('releases a hold, closes its session, and sends a confirmed booking to the phone', async () => {
      const reference = await hold((await departure()).id);
      await holds.startCardPayment(reference);
      await holds.cancelByGuest(reference);
      expect(await booking(reference)).toMatchObject({ status: 'cancelled', cancelReason: 'guest' });
      expect(stripe.expireSession).toHaveBeenCalledWith((await booking(reference)).stripeSessionId);
      const confirmed = await hold((await departure()).id);
      await holds.confirmOnArrival(confirmed);
      await expect(holds.cancelByGuest(confirmed)).rejects.toThrow('use the link in your confirmation email');
    });
  });

  describe('cancelByStaff', () => {
    it('refunds a card payment in full and says so; a booking not yet paid is told nothing was charged', async () => {
      const cardPaid = await hold((await departure()).id);
      await paid(cardPaid);
      expect(await staff.cancelByStaff(cardPaid)).toEqual({ refunded: true });
      const stored = await booking(cardPaid);
      expect(stored).toMatchObject({ status: 'cancelled', cancelReason: 'staff', paymentStatus: 'refund_pending' });
      expect(await dataSource.getRepository(BookingRefund).findOneByOrFail({ bookingId: stored.id })).toMatchObject({ cause: 'cancelled-by-staff', amountOre: stored.totalSek * 100 });
      const unpaid = await hold((await departure()).id);
      expect(await staff.cancelByStaff(unpaid)).toEqual({ refunded: false });
      const [mail] = (await mailsFor(unpaid)).filter((item) => item.topic === 'booking.cancelled');
      expect(mail.message.text).toContain('Nothing has been charged.');
      await expect(staff.cancelByStaff(unpaid)).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('refundHeld', () => {
    it('takes what a booking holds back from each of its payments, newest first, never more than one paid (a second part is .2); the same cause again is numbered (on SQLite)', async () => {
      const reference = await hold((await departure(8, 1000)).id, 2);
      await paid(reference);
      const stored = await booking(reference);
      // A dearer change paid on its own, as GuestChanges records it: 500 SEK more held.
      await dataSource.transaction(async (manager) => {
        await writer.recordPayment(manager, stored, 'pi_change', 50_000);
        await manager.update(Booking, { id: stored.id }, { paidAmountOre: 250_000 });
      });
      await dataSource.transaction((manager) => writer.refundHeld(manager, stored, `changed-${stored.departureId}-adult2-to-${stored.departureId}-adult1`, 30_000, new Date()));
      await dataSource.transaction((manager) => writer.refundHeld(manager, stored, `changed-${stored.departureId}-adult2-to-${stored.departureId}-adult1`, 30_000, new Date()));
      const rows = await dataSource.getRepository(BookingRefund).find({ where: { bookingId: stored.id }, order: { id: 'ASC' } });
      expect(rows.map(({ cause, paymentIntentId, amountOre }) => ({ cause, paymentIntentId, amountOre }))).toEqual([
        { cause: `changed-${stored.departureId}-adult2-to-${stored.departureId}-adult1`, paymentIntentId: 'pi_change', amountOre: 30_000 },
        { cause: `changed-${stored.departureId}-adult2-to-${stored.departureId}-adult1#2`, paymentIntentId: 'pi_change', amountOre: 20_000 },
        { cause: `changed-${stored.departureId}-adult2-to-${stored.departureId}-adult1#2.2`, paymentIntentId: `pi_${reference}`, amountOre: 10_000 },
      ]);
    });
  });

  describe('cancelDeparture', () => {
    it('cancels every live booking of the departure in the caller’s locked transaction', async () => {
      const target = await departure();
      const references = [await hold(target.id, 1), await hold(target.id, 1)];
      const result = await withDepartureLock(dataSource, target.id, (tx) => staff.cancelDeparture(tx, target.id, new Date()));
      expect(result.references.sort()).toEqual([...references].sort());
      for (const reference of references) expect(await booking(reference)).toMatchObject({ status: 'cancelled', cancelReason: 'departure' });
    });
  });

  describe('move', () => {
    it('moves to a departure of the same tour at its price, and refuses one without the seats', async () => {
      const reference = await hold((await departure()).id, 3);
      const target = await departure(8, 1000);
      await staff.move(reference, target.id);
      expect(await booking(reference)).toMatchObject({ departureId: target.id, tourAmountSek: 3000 });
      const small = await departure(2);
      await expect(staff.move(reference, small.id)).rejects.toThrow('Avgången har bara 2 lediga platser.');
    });
  });

  describe('markPaidOnSite', () => {
    it('marks a confirmed booking paid once, and refuses a hold', async () => {
      const reference = await hold((await departure()).id);
      await expect(staff.markPaidOnSite(reference)).rejects.toMatchObject({ status: 409 });
      await holds.confirmOnArrival(reference);
      expect(await staff.markPaidOnSite(reference)).toBe(true);
      expect(await staff.markPaidOnSite(reference)).toBe(false);
      expect((await booking(reference)).paymentStatus).toBe('paid');
    });
  });

  describe('anonymise', () => {
    it('removes the guest from a finished booking once, keeps the accounts, and refuses a hold or a tour still to come', async () => {
      const reference = await hold((await departure()).id);
      await expect(staff.anonymise(reference)).rejects.toMatchObject({ status: 409 });
      await holds.confirmOnArrival(reference);
      await expect(staff.anonymise(reference)).rejects.toThrow(`Bokningen ${reference} gäller en kommande tur`);
      const before = await booking(reference);
      const afterTheTour = new Date(Date.now() + 60 * 86_400_000);
      expect(await staff.anonymise(reference, afterTheTour)).toBe('anonymised');
      expect(await staff.anonymise(reference, afterTheTour)).toBe('already');
      expect(await booking(reference)).toMatchObject({
        name: ANONYMISED_NAME,
        email: '',
        phone: null,
        notes: null,
        clientIpHash: null,
        status: 'confirmed',
        totalSek: before.totalSek,
        guests: before.guests,
        paymentStatus: before.paymentStatus,
      });
    });
  });

  describe('settleRefund', () => {
    it('asks Stripe once per refund with its cause, records id, amount and time, and mails the guest', async () => {
      const reference = await hold((await departure()).id);
      await paid(reference);
      await staff.cancelByStaff(reference);
      expect(await refunds.settleDueRefunds()).toBeGreaterThanOrEqual(1);
      expect(await refunds.settleDueRefunds()).toBe(0);
      const stored = await booking(reference);
      expect(stripe.refund).toHaveBeenCalledWith({ paymentIntentId: `pi_${reference}`, amountOre: stored.totalSek * 100, reference, cause: 'cancelled-by-staff' });
      expect(stored.paymentStatus).toBe('refunded');
      expect(await dataSource.getRepository(BookingRefund).findOneByOrFail({ bookingId: stored.id })).toMatchObject({
        status: 'succeeded',
        stripeRefundId: 're_cancelled-by-staff',
        refundedAt: new Date(1_800_000_000_000),
      });
      expect((await mailsFor(reference)).some((mail) => mail.topic === 'booking.refunded')).toBe(true);
    });
  });
});
