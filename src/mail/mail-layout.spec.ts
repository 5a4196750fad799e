import { composeMail, mailHtml, mailText, type MailContent } from './mail-layout';

const CONTENT: MailContent = {
  preview: 'Your booking is confirmed.',
  greeting: 'Dear Anna <script>alert(1)</script>,',
  paragraphs: ['Thank you! Your booking is confirmed.'],
  facts: [
    ['Booking reference', 'NAT-ABCDE-FGHIJ'],
    ['Pickup', 'Scandic Ferrum at 19:30'],
  ],
  sections: [
    { title: 'What to wear', text: 'Dress for -10 to -25 °C.' },
    { title: 'What to bring', items: ['Camera', 'Warm socks'] },
  ],
  action: { label: 'Manage your booking', url: 'https://norrsken.example/booking/manage/?token=a.b&x=1' },
  closing: ['Questions? Call us.'],
};

describe('mail layout', () => {
  it('Writes the plain-text part with every fact, list and the link in full', () => {
    expect(mailText(CONTENT)).toBe(
      [
        'Dear Anna <script>alert(1)</script>,',
        '',
        'Thank you! Your booking is confirmed.',
        '',
        'Booking reference: NAT-ABCDE-FGHIJ',
        'Pickup: Scandic Ferrum at 19:30',
        '',
        'What to wear:',
        'Dress for -10 to -25 °C.',
        '',
        'What to bring:',
        '- Camera',
        '- Warm socks',
        '',
        'Manage your booking: https://norrsken.example/booking/manage/?token=a.b&x=1',
        'Questions? Call us.',
      ].join('\n'),
    );
  });

  it('Makes the HTML part from the same content: the facts, the lists, a button to the link, the company footer, and nothing unescaped', () => {
    const html = mailHtml(CONTENT);
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC/);
    expect(html).toContain('NAT-ABCDE-FGHIJ');
    expect(html).toContain('Scandic Ferrum at 19:30');
    expect(html).toContain('Warm socks');
    // The action is a button: a link styled as one, to the address with its & escaped.
    expect(html).toMatch(/<a href="https:\/\/norrsken\.example\/booking\/manage\/\?token=a\.b&amp;x=1"[^>]*style="[^"]*background-color:#137a52/);
    expect(html).toContain('Manage your booking');
    expect(html).toContain('Lars Janssonsgatan 17');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('lang="en"');
  });

  it('Writes a staff mail in Swedish', () => {
    expect(mailHtml({ ...CONTENT, lang: 'sv' })).toContain('lang="sv"');
  });

  it('Writes the footer in the mail\'s language: the office days and the country', () => {
    const footer = (lang: 'en' | 'sv' | 'de') => mailHtml({ ...CONTENT, lang }).replace(/<!-- -->/g, '');
    expect(footer('en')).toContain('981 31 Kiruna, Sweden');
    expect(footer('en')).toContain('(Mon-Fri 09:00-18:00, Sat 10:00-16:00, Sun 10:00-15:00)');
    expect(footer('sv')).toContain('981 31 Kiruna, Sverige');
    expect(footer('sv')).toContain('(mån–fre 09:00-18:00, lör 10:00-16:00, sön 10:00-15:00)');
    expect(footer('de')).toContain('981 31 Kiruna, Schweden');
    expect(footer('de')).toContain('(Mo–Fr 09:00-18:00, Sa 10:00-16:00, So 10:00-15:00)');
    expect(footer('de')).not.toContain('Mon-Fri');
  });

  it('Composes a mail whose text is the plain part and whose layout makes the HTML when it is sent', () => {
    const mail = composeMail('anna@example.com', 'Booking confirmed', CONTENT, { replyTo: 'x@example.com' });
    expect(mail).toEqual({ to: 'anna@example.com', subject: 'Booking confirmed', text: mailText(CONTENT), layout: CONTENT, replyTo: 'x@example.com' });
  });
});
