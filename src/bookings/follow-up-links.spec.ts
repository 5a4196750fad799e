import { AppConfig } from '../config/app-config';
import { FollowUpLinks, RECOVERY_LINK_MS } from './follow-up-links';
import { reviewMorning } from './lifecycle/reminders.service';

const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hkdf', PUBLIC_URL: 'https://norrsken.test' });

describe('FollowUpLinks', () => {
  const links = new FollowUpLinks(config);
  const now = new Date('2026-12-01T10:00:00Z');

  it('names the booking in a recovery link for 48 hours, in its language, and nothing after', () => {
    const url = links.recoveryUrl({ id: 42, language: 'sv' }, now);
    expect(url).toMatch(/^https:\/\/norrsken\.test\/sv\/recover\/\?token=[\w-]+\.[\w-]+$/);
    const token = new URL(url).searchParams.get('token')!;
    expect(links.recoveryId(token, new Date(now.getTime() + RECOVERY_LINK_MS - 1000))).toBe(42);
    expect(links.recoveryId(token, new Date(now.getTime() + RECOVERY_LINK_MS + 1000))).toBeNull();
    // Altered, or a rating link's token: not a recovery.
    expect(links.recoveryId(`${token.slice(0, -1)}A`, now)).toBeNull();
    expect(links.recoveryId(new URL(links.rateUrl({ id: 42, language: 'en' }, 5, now)).searchParams.get('token')!, now)).toBeNull();
  });

  it('names the booking and the score tapped in a rating link', () => {
    const url = new URL(links.rateUrl({ id: 7, language: 'de' }, 4, now));
    expect(url.pathname).toBe('/de/rate/');
    expect(url.searchParams.get('score')).toBe('4');
    expect(links.ratedId(url.searchParams.get('token')!, now)).toBe(7);
  });
});

describe('reviewMorning', () => {
  const local = (at: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'short' }).format(at);

  it('is nine the next morning in Kiruna, whatever the hour the tour started, across a month and the clocks changing', () => {
    expect(local(reviewMorning(new Date('2026-11-30T19:00:00Z')))).toBe('2026-12-01 09:00');
    // A tour that starts just before midnight in Kiruna (23:30 local, 22:30 UTC): the morning after its day.
    expect(local(reviewMorning(new Date('2026-12-14T22:30:00Z')))).toBe('2026-12-15 09:00');
    // Starting after midnight (00:30 local on the 15th): the morning of the 16th.
    expect(local(reviewMorning(new Date('2026-12-14T23:30:00Z')))).toBe('2026-12-16 09:00');
    // The night the clocks go back (25 October 2026).
    expect(local(reviewMorning(new Date('2026-10-24T18:00:00Z')))).toBe('2026-10-25 09:00');
  });
});
