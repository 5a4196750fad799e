import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { RetentionWorker } from '../src/admin/privacy/retention.worker';
import { ANONYMISED_NAME } from '../src/bookings/lifecycle/staff-actions.service';
import { Booking } from '../src/bookings/booking.entity';
import { ChatConversation } from '../src/chat/chat-conversation.entity';
import { ChatMessage } from '../src/chat/chat-message.entity';
import { ContactMessage } from '../src/contact/contact-message.entity';
import { OutboxMail } from '../src/mail/outbox-mail.entity';
import { createTestApp, deliverMail, useTestApp } from './support/app';
import { createTestDeparture, newClientAddress, staffToken } from './support/fixtures';
import { moveBookingClocks } from './support/bookings';

const DAY = 86_400_000;
const yearsAgo = (now: Date, years: number, extraDays = 0) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() - extraDays * DAY);
};

describe('Privacy: export, erasure and retention (MySQL)', () => {
  const sut = useTestApp();
  const dataSource = () => sut.app.get(DataSource);
  let token: string;
  const asStaff = (call: request.Test) => call.set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    token = await staffToken(dataSource(), sut.server);
  });

  /** A guest with a confirmed booking (pay on arrival), a contact message, a conversation with the guide, a gift card and a place on a waitlist. */
  async function guestWithHistory(): Promise<{ email: string; reference: string; conversationId: string; giftCardId: number }> {
    const email = `privacy-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const departure = await createTestDeparture(dataSource(), 'drive-your-own-dog-sled-team');
    const held = await request(sut.server)
      .post('/api/bookings')
      .set('X-Forwarded-For', newClientAddress())
      .send({ departureId: departure.id, guests: 2, name: 'Petra Privat', email, phone: '+46 70 111 22 33', notes: 'Allergic to nuts' })
      .expect(201);
    const reference = held.body.reference as string;
    await request(sut.server).post(`/api/bookings/${reference}/checkout`).expect(200);
    await request(sut.server).post('/api/contact').set('X-Forwarded-For', newClientAddress()).send({ name: 'Petra Privat', email: email.toUpperCase(), message: 'Can I bring my dog?' }).expect(201);
    const chat = await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message: `Please write to me at ${email} about the aurora` }).expect(200);
    // A gift card staff gave the guest (compensation).
    const card = await asStaff(request(sut.server).post('/api/admin/gift-cards').send({ amountSek: 500, note: 'Ersättning för inställd tur', recipientName: 'Petra Privat', recipientEmail: email })).expect(201);
    // A place on the waitlist of a date too small for their party.
    const small = await createTestDeparture(dataSource(), 'daytime-snowshoe-hike-kiruna', { capacity: 1 });
    await request(sut.server).post('/api/waitlist').set('X-Forwarded-For', newClientAddress()).send({ departureId: small.id, guests: 2, name: 'Petra Privat', email, language: 'en' }).expect(201);
    return { email, reference, conversationId: chat.body.conversationId as string, giftCardId: card.body.id as number };
  }

  it('Exports everything held about a guest as JSON, for staff only, and logs it', async () => {
    const { email, reference, conversationId } = await guestWithHistory();
    await request(sut.server).get(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`).expect(401);
    await asStaff(request(sut.server).get('/api/admin/privacy/export?email=not-an-email')).expect(400);

    const exported = (await asStaff(request(sut.server).get(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`)).expect(200)).body;
    expect(exported.bookings).toEqual([
      expect.objectContaining({ reference, name: 'Petra Privat', email, phone: '+46 70 111 22 33', notes: 'Allergic to nuts', status: 'confirmed', tour: expect.any(String) }),
    ]);
    expect(exported.contactMessages).toEqual([expect.objectContaining({ message: 'Can I bring my dog?' })]);
    expect(exported.chatConversations).toEqual([expect.objectContaining({ id: conversationId, messages: expect.arrayContaining([expect.objectContaining({ role: 'guest' })]) })]);
    expect(exported.mails.length).toBeGreaterThan(0);
    expect(exported.giftCards).toEqual([expect.objectContaining({ role: 'recipient', recipientName: 'Petra Privat', recipientEmail: email, balanceSek: 500 })]);
    expect(exported.waitlistEntries).toEqual([expect.objectContaining({ status: 'waiting', name: 'Petra Privat', email, party: [expect.objectContaining({ category: 'adult', quantity: 2 })] })]);

    const log = (await asStaff(request(sut.server).get('/api/admin/audit-log')).expect(200)).body.data as { action: string; target: string }[];
    expect(log).toContainEqual(expect.objectContaining({ action: 'privacy.export', target: `guest:p***@example.com` }));
  });

  it('Erases a guest: refused while their tour is still to come, then bookings anonymised for the accounts and the rest deleted', async () => {
    const { email, reference, conversationId, giftCardId } = await guestWithHistory();
    const refused = await asStaff(request(sut.server).post('/api/admin/privacy/erase').send({ email })).expect(409);
    expect(refused.body.message).toContain(reference);

    await asStaff(request(sut.server).post(`/api/admin/bookings/${reference}/cancel`)).expect(200);
    // The guest's mails have gone out (as they have long before a guest asks to be erased): a mail
    // still to be sent to someone else (the contact form's, to support) is kept by design, and the
    // outbox worker sending it during the erasure made this test depend on timing.
    await deliverMail(sut.app);
    const before = await dataSource().getRepository(Booking).findOneByOrFail({ reference });
    const erased = await asStaff(request(sut.server).post('/api/admin/privacy/erase').send({ email: email.toUpperCase() })).expect(200);
    expect(erased.body).toEqual({ bookingsAnonymised: 1, contactMessagesDeleted: 1, chatConversationsDeleted: 1, mailsDeleted: expect.any(Number), giftCardsForgotten: 1, waitlistEntriesDeleted: 1, ratingsDeleted: 0 });
    expect(await dataSource().query('SELECT id FROM waitlist_entries WHERE email = ?', [email])).toEqual([]);
    expect(erased.body.mailsDeleted).toBeGreaterThan(0);

    const after = await dataSource().getRepository(Booking).findOneByOrFail({ reference });
    expect(after).toMatchObject({ name: ANONYMISED_NAME, email: '', phone: null, notes: null, clientIpHash: null, anonymisedAt: expect.any(Date) });
    expect(after).toMatchObject({ totalSek: before.totalSek, guests: before.guests, departureId: before.departureId, status: 'cancelled', createdAt: before.createdAt });
    expect(await dataSource().getRepository(ChatConversation).countBy({ id: conversationId })).toBe(0);
    expect(await dataSource().getRepository(ChatMessage).countBy({ conversationId })).toBe(0);
    expect(await dataSource().getRepository(OutboxMail).countBy({ bookingReference: reference })).toBe(0);
    // The gift card keeps its money; whom it was for is gone.
    const card = (await asStaff(request(sut.server).get(`/api/admin/gift-cards/${giftCardId}`)).expect(200)).body.card;
    expect(card).toMatchObject({ balanceSek: 500, status: 'active', recipientName: null, recipientEmail: null });

    const exported = (await asStaff(request(sut.server).get(`/api/admin/privacy/export?email=${encodeURIComponent(email)}`)).expect(200)).body;
    expect(exported).toMatchObject({ bookings: [], contactMessages: [], chatConversations: [], mails: [], giftCards: [] });
    const log = (await asStaff(request(sut.server).get('/api/admin/audit-log')).expect(200)).body.data as { action: string; target: string; details: string }[];
    const entry = log.find((item) => item.action === 'privacy.erase')!;
    expect(entry.target).toBe('guest:p***@example.com');
    expect(JSON.stringify(log)).not.toContain(email);
  });

  it('Matches an address as an address: exporting or erasing a@… never shows or deletes anna@…, nor a mail still to go to someone else', async () => {
    const domain = `d${Date.now()}.example`;
    const [short, anna] = [`a@${domain}`, `anna@${domain}`];
    const ask = async (message: string) => (await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message }).expect(200)).body.conversationId as string;
    const annasChat = await ask(`Call me on +46 70 999 88 77 or write to ${anna}`);
    const shortsChat = await ask(`Please write to me at ${short.toUpperCase()} about the aurora`);
    const outbox = dataSource().getRepository(OutboxMail);
    const later = new Date(Date.now() + DAY);
    const mail = (recipient: string, status: OutboxMail['status'], text: string): Partial<OutboxMail> => ({
      topic: 'test.privacy',
      recipient,
      subject: 'About your trip',
      message: { to: recipient, subject: 'About your trip', text },
      bookingReference: null,
      status,
      attempts: 0,
      nextAttemptAt: later,
    });
    const annasMails = await outbox.save([mail(anna, 'pending', 'Your tour starts soon.'), mail(anna, 'sent', 'Thank you for writing.')].map((row) => outbox.create(row)));
    const [pendingNotice, sentNotice] = await outbox.save(
      [mail('bookings@norrsken.test', 'pending', `New message from ${short}.`), mail('bookings@norrsken.test', 'sent', `Guest: ${short}`)].map((row) => outbox.create(row)),
    );

    const exported = (await asStaff(request(sut.server).get(`/api/admin/privacy/export?email=${encodeURIComponent(short)}`)).expect(200)).body;
    expect(exported.chatConversations.map((conversation: { id: string }) => conversation.id)).toEqual([shortsChat]);
    expect(exported.mails).toHaveLength(2);
    expect(JSON.stringify(exported)).not.toContain('999 88 77');
    expect(JSON.stringify(exported)).not.toContain(anna);

    const erased = (await asStaff(request(sut.server).post('/api/admin/privacy/erase').send({ email: short })).expect(200)).body;
    expect(erased).toEqual({ bookingsAnonymised: 0, contactMessagesDeleted: 0, chatConversationsDeleted: 1, mailsDeleted: 1, giftCardsForgotten: 0, waitlistEntriesDeleted: 0, ratingsDeleted: 0 });
    expect(await dataSource().getRepository(ChatConversation).countBy({ id: annasChat })).toBe(1);
    expect(await dataSource().getRepository(ChatConversation).countBy({ id: shortsChat })).toBe(0);
    for (const kept of [...annasMails, pendingNotice]) expect(await outbox.countBy({ id: kept.id })).toBe(1);
    expect(await outbox.countBy({ id: sentNotice.id })).toBe(0);
    await outbox.delete([...annasMails, pendingNotice].map((row) => row.id));
  });

  describe('the daily retention job, at a fixed time, run by two processes at once', () => {
    let second: NestExpressApplication;
    beforeAll(async () => {
      second = await createTestApp();
    });
    afterAll(() => second.close());

    it('Deletes communications older than 3 years and anonymises bookings older than 7, and nothing younger', async () => {
      const now = new Date();
      const contact = dataSource().getRepository(ContactMessage);
      const marker = `retention-${Date.now()}`;
      const [oldMessage, youngMessage] = await contact.save([
        contact.create({ name: 'Old', email: `${marker}-old@example.com`, message: marker }),
        contact.create({ name: 'Young', email: `${marker}-young@example.com`, message: marker }),
      ]);
      await dataSource().createQueryBuilder().update(ContactMessage).set({ createdAt: yearsAgo(now, 3, 1) }).where({ id: oldMessage.id }).execute();
      await dataSource().createQueryBuilder().update(ContactMessage).set({ createdAt: yearsAgo(now, 3, -1) }).where({ id: youngMessage.id }).execute();

      const oldChat = (await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message: 'Old question about dogs' }).expect(200)).body.conversationId as string;
      const youngChat = (await request(sut.server).post('/api/chat').set('X-Forwarded-For', newClientAddress()).send({ message: 'Recent question about dogs' }).expect(200)).body.conversationId as string;
      await dataSource().query('UPDATE chat_conversations SET created_at = ?, updated_at = ? WHERE id = ?', [yearsAgo(now, 3, 2), yearsAgo(now, 3, 1), oldChat]);

      const departure = await createTestDeparture(dataSource(), 'drive-your-own-dog-sled-team');
      const book = async () => {
        const held = await request(sut.server).post('/api/bookings').set('X-Forwarded-For', newClientAddress()).send({ departureId: departure.id, guests: 1, name: 'Ola Gammal', email: `${marker}-${Math.random()}@example.com`, notes: 'Window seat' }).expect(201);
        await request(sut.server).post(`/api/bookings/${held.body.reference}/cancel`).expect(200);
        return held.body.reference as string;
      };
      const [oldBooking, youngBooking] = [await book(), await book()];
      await moveBookingClocks(dataSource(), { reference: oldBooking }, { createdAt: yearsAgo(now, 7, 1) });
      await moveBookingClocks(dataSource(), { reference: youngBooking }, { createdAt: yearsAgo(now, 6) });

      await Promise.all([sut.app.get(RetentionWorker).drain(now), second.get(RetentionWorker).drain(now)]);

      expect(await contact.countBy({ id: oldMessage.id })).toBe(0);
      expect(await contact.countBy({ id: youngMessage.id })).toBe(1);
      expect(await dataSource().getRepository(ChatConversation).countBy({ id: oldChat })).toBe(0);
      expect(await dataSource().getRepository(ChatMessage).countBy({ conversationId: oldChat })).toBe(0);
      expect(await dataSource().getRepository(ChatConversation).countBy({ id: youngChat })).toBe(1);
      const bookings = dataSource().getRepository(Booking);
      expect(await bookings.findOneByOrFail({ reference: oldBooking })).toMatchObject({ name: ANONYMISED_NAME, email: '', notes: null, anonymisedAt: expect.any(Date), totalSek: expect.any(Number), status: 'cancelled' });
      expect(await bookings.findOneByOrFail({ reference: youngBooking })).toMatchObject({ name: 'Ola Gammal', notes: 'Window seat', anonymisedAt: null });
    });
  });
});
