import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';

import { composeMail, type MailToCompose } from '../src/mail/mail-compose';
import { MailComposer } from '../src/mail/mail-composer';
import { readableMail } from './support/mail-text';

/** The built module a worker loads (the e2e run builds the app first). */
const BUILT = join(__dirname, '..', 'dist', 'server', 'src', 'mail', 'mail-compose.js');

const mail = (n: number): MailToCompose => ({
  from: 'Norrsken Arctic Tours <hello@norrsken-arctic.se>',
  to: `guest-${n}@example.com`,
  subject: `Bokning NRK-${n}: Hundspann i Kiruna`,
  text: `Hej Åsa ${n}, välkommen på tur.`,
  layout: { preview: 'Välkommen', greeting: `Hej Åsa ${n},`, paragraphs: [`Din bokning NRK-${n} är bekräftad 🦌.`], facts: [['Avgång', '12 december 18:00']], lang: 'sv' },
  replyTo: 'booking@norrsken-arctic.se',
  attachments: [{ filename: `NRK-${n}.ics`, content: 'BEGIN:VCALENDAR\nEND:VCALENDAR', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
});

/** A message with what differs between two compositions of the same mail (its id, date and part boundaries) taken out. */
const comparable = (message: Buffer): string =>
  message
    .toString()
    .replace(/^(Message-ID|Date): .*$/gm, '$1: -')
    .replace(/--_NmP-[0-9a-f]+-Part_\d+/g, '--boundary');

describe('MailComposer (the mail composer worker, loading the build)', () => {
  let sut: MailComposer;

  beforeEach(() => {
    sut = new MailComposer(BUILT, 4);
  });

  afterEach(() => sut.close());

  const lane = () => (sut as unknown as { lane: { worker?: Worker; options: { inPlace: () => unknown } } }).lane;

  it('composes a mail in its worker to the message composed here, HTML part, text, reply-to and attachment', async () => {
    const inPlace = jest.spyOn(lane().options, 'inPlace');
    const [inWorker, here] = await Promise.all([sut.compose(mail(1), 'unix'), composeMail(mail(1), 'unix')]);
    expect(lane().worker).toBeDefined();
    expect(inPlace).not.toHaveBeenCalled();
    expect(comparable(inWorker)).toBe(comparable(here));
    const readable = readableMail(inWorker.toString());
    for (const part of ['To: guest-1@example.com', 'Reply-To: booking@norrsken-arctic.se', 'Hej Åsa 1, välkommen på tur.', 'Din bokning NRK-1 är bekräftad 🦌.', 'NRK-1.ics', '<html']) expect(readable).toContain(part);
  });

  it('ends lines as asked: LF for a file, CRLF for SMTP', async () => {
    const [file, smtp] = await Promise.all([sut.compose(mail(2), 'unix'), sut.compose(mail(2), 'windows')]);
    expect(file.toString()).not.toContain('\r\n');
    expect(smtp.toString().split('\n').slice(0, -1).every((line) => line.endsWith('\r'))).toBe(true);
  });

  it('gives each mail its own message when many are composed at once', async () => {
    const messages = await Promise.all(Array.from({ length: 10 }, (_, n) => sut.compose(mail(n), 'unix')));
    expect(messages.map((message) => /^To: (.*)$/m.exec(message.toString())?.[1])).toEqual(Array.from({ length: 10 }, (_, n) => `guest-${n}@example.com`));
  });

  it('composes here without a build to load, as the app does when it runs from its TypeScript', async () => {
    const here = new MailComposer(null);
    expect(comparable(await here.compose(mail(3), 'unix'))).toBe(comparable(await composeMail(mail(3), 'unix')));
    await here.close();
  });
});
