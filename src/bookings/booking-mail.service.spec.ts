import type { BookingSummary } from '../../client/api/types';
import type { AppConfig } from '../config/app-config';
import type { MailService } from '../mail/mail.service';
import { BookingMailService, bookingCalendar } from './booking-mail.service';

const booking: BookingSummary = {
  reference: 'NAT-7K4Q9X',
  status: 'confirmed',
  holdExpiresAt: null,
  guests: 2,
  name: 'Anna',
  email: 'anna@example.com',
  phone: null,
  notes: null,
  tourAmountSek: 3900,
  stayAmountSek: 0,
  totalSek: 3900,
  paymentMethod: 'on_arrival',
  paymentStatus: 'due_on_arrival',
  checkoutMethod: 'on_arrival',
  tour: { id: 1, slug: 'x', title: 'Aurora Evening', meetingPoint: 'Kiruna bus station', whatToBring: ['Warm layers'], durationHours: 4 },
  departure: { id: 5, startsAt: '2026-12-24T19:00:00.000Z' },
  stayPackage: null,
};

const config = { publicUrl: 'https://norrsken.test', mail: { bookingEmail: 'booking@norrsken.test' } } as AppConfig;

describe(BookingMailService.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('retries a failed mail with growing pauses and gives up after the last', async () => {
    const send = jest.fn().mockRejectedValue(new Error('SMTP down'));
    const sut = new BookingMailService({ send } as unknown as MailService, config);
    await sut.confirmed(booking);
    expect(send).toHaveBeenCalledTimes(2); // the guest and the staff notice, once each
    for (const delay of BookingMailService.RETRY_DELAYS_MS) {
      await jest.advanceTimersByTimeAsync(delay);
    }
    expect(send).toHaveBeenCalledTimes(2 * (1 + BookingMailService.RETRY_DELAYS_MS.length));
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(send).toHaveBeenCalledTimes(2 * (1 + BookingMailService.RETRY_DELAYS_MS.length));
  });

  it('stops retrying once a mail goes through', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('SMTP down')).mockResolvedValue(undefined);
    const sut = new BookingMailService({ send } as unknown as MailService, config);
    await sut.refunded(booking);
    await jest.advanceTimersByTimeAsync(BookingMailService.RETRY_DELAYS_MS[0]);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe(bookingCalendar.name, () => {
  it('builds an event at the departure time, lasting the tour, at the meeting point', () => {
    const sut = bookingCalendar(booking, 'https://norrsken.test');
    expect(sut).toContain('DTSTART:20261224T190000Z');
    expect(sut).toContain('DURATION:PT240M');
    expect(sut).toContain('LOCATION:Kiruna bus station');
    expect(sut).toContain('UID:NAT-7K4Q9X@norrsken-arctic.se');
  });
});
