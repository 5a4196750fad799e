import { dateTimeFormat } from './intl-formats';

describe('dateTimeFormat', () => {
  it('formats as Intl.DateTimeFormat does with the same locale and options', () => {
    const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Stockholm' };
    const at = new Date('2026-12-24T18:00:00Z');
    expect(dateTimeFormat('sv-SE', options).format(at)).toBe(new Intl.DateTimeFormat('sv-SE', options).format(at));
    expect(dateTimeFormat('de-DE', options).format(at)).toBe('Donnerstag, 24. Dezember');
  });

  it('makes one formatter for each locale and options, and another for any other', () => {
    const first = dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' });
    expect(dateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' })).toBe(first);
    expect(dateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' })).not.toBe(first);
    expect(dateTimeFormat('en-GB', { hour: '2-digit', timeZone: 'Europe/Stockholm' })).not.toBe(first);
  });
});
