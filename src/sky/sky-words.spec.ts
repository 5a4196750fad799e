import { eveningOutlook, type EveningOutlook } from './outlook';
import { nextKirunaMidnight } from './sky-outlooks.service';
import { nightName, skyHeadline, skyReasons } from './sky-words';

const NOW = new Date('2026-11-24T14:00:00Z');
const outlook = (changes: Partial<EveningOutlook>): EveningOutlook => ({ ...eveningOutlook('kiruna', '2026-11-24', { kp: [], clouds: [] }), ...changes });

describe("The outlook's words", () => {
  it('names the evening from now: tonight, tomorrow, then its weekday, in each language', () => {
    expect(['2026-11-24', '2026-11-25', '2026-11-27'].map((date) => nightName(date, 'en', NOW))).toEqual(['Tonight', 'Tomorrow night', 'Friday night']);
    expect(['2026-11-24', '2026-11-25', '2026-11-27'].map((date) => nightName(date, 'sv', NOW))).toEqual(['Ikväll', 'I morgon kväll', 'Fredag kväll']);
    expect(['2026-11-24', '2026-11-25', '2026-11-27'].map((date) => nightName(date, 'de', NOW))).toEqual(['Heute Abend', 'Morgen Abend', 'Freitagabend']);
    // Past midnight in Kiruna (23:30 UTC is 00:30 there) the 25th is tonight.
    expect(nightName('2026-11-25', 'en', new Date('2026-11-24T23:30:00Z'))).toBe('Tonight');
  });

  it('says the headline as the issue does, the bright moon for the board and the guide only', () => {
    const clearSpells = outlook({ verdict: 'good', reasons: [{ code: 'clear-spells', from: '21:00' }, { code: 'kp', kp: 4, level: 'active' }, { code: 'bright-moon', illumination: 0.9 }] });
    expect(skyHeadline(clearSpells, 'en', NOW)).toBe('Tonight: clear spells after 21:00, Kp 4: good');
    expect(skyHeadline(clearSpells, 'sv', NOW)).toBe('Ikväll: uppehåll i molnen efter 21:00, Kp 4: goda chanser');
    expect(skyHeadline(clearSpells, 'de', NOW)).toBe('Heute Abend: Wolkenlücken ab 21:00, Kp 4: gute Chancen');
    expect(skyReasons(clearSpells, 'en')).toEqual(['clear spells after 21:00', 'Kp 4', 'a bright moon']);
    expect(skyHeadline(outlook({ verdict: null, reasons: [] }), 'en', NOW)).toBe('Tonight: no outlook available yet');
    expect(skyHeadline(outlook({ date: '2026-11-25', verdict: 'poor', reasons: [{ code: 'not-dark' }] }), 'de', NOW)).toBe('Morgen Abend: zu hell für Nordlichter: geringe Chancen');
  });

  it("finds Kiruna's next midnight in winter and summer time", () => {
    expect(new Date(nextKirunaMidnight(NOW)).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(new Date(nextKirunaMidnight(new Date('2026-06-21T21:59:59Z'))).toISOString()).toBe('2026-06-21T22:00:00.000Z');
    expect(new Date(nextKirunaMidnight(new Date('2026-06-21T22:00:00Z'))).toISOString()).toBe('2026-06-22T22:00:00.000Z');
  });
});
