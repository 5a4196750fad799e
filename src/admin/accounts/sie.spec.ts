import iconv from 'iconv-lite';

import { sieAmount, sieFile, sieText, sumPostings } from './sie';

const INPUT = {
  company: { legalName: 'Norrsken Arctic Tours AB', orgNumber: '559123-4567' },
  year: { from: '2026-01-01', to: '2026-12-31' },
  period: { from: '2026-12-01', to: '2026-12-31' },
  generatedOn: '2026-12-31',
  program: { name: 'Norrsken "Arctic" Tours', version: '1.0' },
  verifications: [
    {
      date: '2026-12-05',
      text: 'Försäljning 2026-12-05',
      postings: sumPostings([
        { account: 'stripe', amountOre: 3790_00 },
        { account: 'sales6', amountOre: -3575_47, channel: 'online' },
        { account: 'vat6', amountOre: -214_53 },
        { account: 'stripe', amountOre: -3790_00 },
        { account: 'sales6', amountOre: 3575_47, channel: 'online' },
        { account: 'vat6', amountOre: 214_53 },
        { account: 'stripe', amountOre: 1500_05 },
        { account: 'giftCards', amountOre: -1500_05 },
      ]),
    },
  ],
} as const;

describe('SIE 4', () => {
  it('writes amounts in kronor with a point and two decimals', () => {
    expect([sieAmount(0), sieAmount(5), sieAmount(-1500_05), sieAmount(123456_70)]).toEqual(['0.00', '0.05', '-1500.05', '123456.70']);
  });

  it('sums a day\'s postings by account and channel and leaves out what comes to nothing', () => {
    expect(INPUT.verifications[0].postings).toEqual([
      { account: 'stripe', amountOre: 1500_05 },
      { account: 'giftCards', amountOre: -1500_05 },
    ]);
  });

  it('writes the header a program importing type 4 needs, the accounts used, and one balanced #VER a day, in CR LF lines', () => {
    const text = sieText({ ...INPUT, verifications: [...INPUT.verifications] });
    const lines = text.split('\r\n');
    expect(lines.slice(0, 10)).toEqual([
      '#FLAGGA 0',
      '#PROGRAM "Norrsken \\"Arctic\\" Tours" "1.0"',
      '#FORMAT PC8',
      '#GEN 20261231',
      '#SIETYP 4',
      '#PROSA "Försäljning 2026-12-01 till 2026-12-31"',
      '#FNAMN "Norrsken Arctic Tours AB"',
      '#ORGNR 559123-4567',
      '#RAR 0 20260101 20261231',
      '#VALUTA SEK',
    ]);
    expect(lines).toContain('#KONTO 1580 "Fordringar för kontokort och kuponger"');
    expect(lines).toContain('#KONTO 2421 "Ej inlösta presentkort"');
    expect(lines.filter((line) => line.startsWith('#KONTO'))).toHaveLength(2);
    expect(text).toContain('#VER A 1 20261205 "Försäljning 2026-12-05" 20261231\r\n{\r\n   #TRANS 1580 {} 1500.05\r\n   #TRANS 2421 {} -1500.05\r\n}\r\n');
    expect(text.endsWith('}\r\n')).toBe(true);
  });

  it('is encoded as PC8 (code page 437): å, ä and ö as one byte each', () => {
    const bytes = sieFile({ ...INPUT, verifications: [...INPUT.verifications] });
    expect(bytes.includes(Buffer.from([0x94]))).toBe(true);
    expect(bytes.includes(Buffer.from('ö', 'utf8'))).toBe(false);
    expect(iconv.decode(bytes, 'cp437')).toContain('#PROSA "Försäljning');
  });
});
