import { postings, salesReport, type MoneyEvent } from './accounts';
import { vatLines } from './vat';

const at = new Date('2026-12-05T10:00:00Z');
const EVENTS: MoneyEvent[] = [
  { kind: 'booking-in', at, via: 'card', channel: 'online', reference: 'NAT-1', vat: vatLines([{ rate: 6, grossOre: 3790_00 }]) },
  { kind: 'booking-in', at, via: 'gift-card', channel: 'online', reference: 'NAT-2', vat: vatLines([{ rate: 25, grossOre: 1000_00 }, { rate: 12, grossOre: 490_00 }]) },
  { kind: 'booking-in', at, via: 'reseller', channel: 'reseller', reference: 'NAT-3', vat: vatLines([{ rate: 25, grossOre: 1950_00 }]), commissionOre: 390_00 },
  { kind: 'booking-out', at, via: 'card', channel: 'online', reference: 'NAT-1', vat: vatLines([{ rate: 6, grossOre: 1895_00 }]) },
  { kind: 'booking-out', at, via: 'reseller', channel: 'reseller', reference: 'NAT-3', vat: vatLines([{ rate: 25, grossOre: 1950_00 }]), commissionOre: 390_00 },
  { kind: 'gift-card-sold', at, amountOre: 1500_00, card: 1 },
  { kind: 'gift-card-issued', at, amountOre: 500_00, card: 2 },
  { kind: 'gift-card-voided', at, amountOre: 200_00, card: 2 },
];
const sum = (lines: { amountOre: number }[]) => lines.reduce((total, line) => total + line.amountOre, 0);

describe('the books', () => {
  it('books every event in postings that balance', () => {
    for (const event of EVENTS) expect(sum(postings(event))).toBe(0);
  });

  it('books a card payment on the card receivable, its sales net of VAT on the rate\'s account with its channel, and the VAT on the rate\'s', () => {
    expect(postings(EVENTS[0])).toEqual([
      { account: 'stripe', amountOre: 3790_00 },
      { account: 'sales6', amountOre: -3575_47, channel: 'online' },
      { account: 'vat6', amountOre: -214_53 },
    ]);
  });

  it('books what a reseller sold at net, its commission a cost; a gift card as a debt, VAT only when it pays for a tour', () => {
    expect(postings(EVENTS[2]).slice(0, 2)).toEqual([{ account: 'resellers', amountOre: 1560_00 }, { account: 'commission', amountOre: 390_00 }]);
    expect(postings(EVENTS[1])[0]).toEqual({ account: 'giftCards', amountOre: 1490_00 });
    expect(postings(EVENTS[5])).toEqual([{ account: 'stripe', amountOre: 1500_00 }, { account: 'giftCards', amountOre: -1500_00 }]);
    expect(postings(EVENTS[7])).toEqual([{ account: 'giftCards', amountOre: 200_00 }, { account: 'otherIncome', amountOre: -200_00 }]);
  });

  it('reports the month: sales and refunds by channel and rate, gift cards apart', () => {
    const report = salesReport(EVENTS, (when) => when.toISOString().slice(0, 7));
    expect(report.map((line) => [line.item, line.channel, line.rate, line.grossOre])).toEqual([
      ['sales', 'online', 25, 1000_00],
      ['sales', 'online', 12, 490_00],
      ['sales', 'online', 6, 3790_00],
      ['sales', 'reseller', 25, 1950_00],
      ['refunds', 'online', 6, 1895_00],
      ['refunds', 'reseller', 25, 1950_00],
      ['gift-cards-sold', null, null, 1500_00],
      ['gift-cards-issued', null, null, 500_00],
      ['gift-cards-redeemed', null, null, 1490_00],
      ['gift-cards-voided', null, null, 200_00],
    ]);
    expect(report.every((line) => line.month === '2026-12' && line.grossOre === line.vatOre + line.netOre)).toBe(true);
  });
});
