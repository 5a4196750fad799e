import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { readableMail } from '../../support/mail-text';
import { baseUrl, sharedServer } from './browser';

/** Mails the server wrote to its outbox folder (this worker's shared server's, or the one in `dataDir`), decoded, that mention every one of `texts`; waits for the worker. */
export async function mailsAbout(texts: string[], count = 1, dataDir = sharedServer().dataDir): Promise<string[]> {
  const folder = join(dataDir, 'outbox');
  const read = () =>
    existsSync(folder)
      ? readdirSync(folder)
          .map((file) => readableMail(readFileSync(join(folder, file), 'utf8')))
          .filter((mail) => texts.every((text) => mail.includes(text)))
      : [];
  for (let wait = 0; wait < 100 && read().length < count; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
  return read();
}

/** A confirmed pay-on-arrival booking of the tour's first date, made from visitor address `address`; its reference and the manage link from its mail. */
export async function confirmedBookingWithLink(tourSlug: string, guest: { name: string; email: string }, address: string): Promise<{ reference: string; link: string }> {
  const tour = (await (await fetch(`${baseUrl()}/api/tours/${tourSlug}`)).json()) as { departures: { id: number; seatsLeft: number }[] };
  const held = (await (
    await fetch(`${baseUrl()}/api/bookings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ departureId: tour.departures.find((departure) => departure.seatsLeft >= 2)!.id, guests: 2, ...guest }),
    })
  ).json()) as { reference: string };
  await fetch(`${baseUrl()}/api/bookings/${held.reference}/checkout`, { method: 'POST' });
  const [confirmation] = await mailsAbout(['Booking confirmed', held.reference, `To: ${guest.email}`]);
  return { reference: held.reference, link: /\/booking\/manage\/\?token=[\w-]+\.[\w-]+/.exec(confirmation)![0] };
}
