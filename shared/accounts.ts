/**
 * The books: what each movement of money is in the accounts (BAS, the Swedish chart of accounts),
 * and the monthly sales report that the SIE export must agree with. Money for a booking is booked
 * when it arrives and when it goes back (a payment in advance carries its VAT when it is received,
 * as Swedish VAT wants), at the booking's VAT rates; a gift card for any tour is a multi-purpose
 * voucher, a debt to its holder with no VAT until it pays for a tour.
 */
import type { VatLine } from './vat';

/** Where a booking came from, as the books split sales. */
export type SalesChannel = 'online' | 'staff' | 'reseller';

export type MoneyEvent =
  /** Money for a booking arrived: by card (Stripe), from a gift card, on site (cash or terminal), or owed by a reseller at net. */
  | { kind: 'booking-in'; at: Date; via: 'card' | 'gift-card' | 'on-site' | 'reseller'; channel: SalesChannel; reference: string; vat: VatLine[]; commissionOre?: number }
  /** Money for a booking went back: a card refund, onto the gift card it came from, or off what a reseller owes (its booking cancelled). */
  | { kind: 'booking-out'; at: Date; via: 'card' | 'gift-card' | 'reseller'; channel: SalesChannel; reference: string; vat: VatLine[]; commissionOre?: number }
  /** A gift card paid for on the site (by card), issued by staff (compensation), or voided with a balance left. */
  | { kind: 'gift-card-sold' | 'gift-card-issued' | 'gift-card-voided'; at: Date; amountOre: number; card: number };

/** The channels and the report's items in staff's words (the admin, the CSV, the SIE file's objects). */
export const CHANNEL_WORDS: Record<SalesChannel, string> = { online: 'Webbplatsen', staff: 'Personalen (telefon, disk)', reseller: 'Återförsäljare' };
export const SALES_ITEM_WORDS: Record<SalesReportLine['item'], string> = {
  sales: 'Försäljning av turer',
  refunds: 'Återbetalt',
  'gift-cards-sold': 'Presentkort sålda (skuld)',
  'gift-cards-issued': 'Presentkort utgivna av personal (skuld)',
  'gift-cards-redeemed': 'Presentkort inlösta (ingår i försäljningen)',
  'gift-cards-returned': 'Tillbaka på presentkort (ingår i återbetalt)',
  'gift-cards-voided': 'Presentkort makulerade',
};

/** The accounts the books use, with their BAS names. */
export const ACCOUNTS = {
  stripe: { number: '1580', name: 'Fordringar för kontokort och kuponger' },
  cash: { number: '1910', name: 'Kassa' },
  resellers: { number: '1510', name: 'Kundfordringar' },
  giftCards: { number: '2421', name: 'Ej inlösta presentkort' },
  sales25: { number: '3001', name: 'Försäljning inom Sverige, 25 % moms' },
  sales12: { number: '3002', name: 'Försäljning inom Sverige, 12 % moms' },
  sales6: { number: '3003', name: 'Försäljning inom Sverige, 6 % moms' },
  vat25: { number: '2611', name: 'Utgående moms på försäljning inom Sverige, 25 %' },
  vat12: { number: '2621', name: 'Utgående moms på försäljning inom Sverige, 12 %' },
  vat6: { number: '2631', name: 'Utgående moms på försäljning inom Sverige, 6 %' },
  commission: { number: '6090', name: 'Övriga försäljningskostnader' },
  compensation: { number: '6990', name: 'Övriga externa kostnader' },
  otherIncome: { number: '3990', name: 'Övriga ersättningar och intäkter' },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

const SALES: Record<number, AccountKey> = { 25: 'sales25', 12: 'sales12', 6: 'sales6' };
const OUTPUT_VAT: Record<number, AccountKey> = { 25: 'vat25', 12: 'vat12', 6: 'vat6' };

/** One line of a verification: debit positive, credit negative, in öre; sales carry their channel. */
export interface Posting {
  account: AccountKey;
  amountOre: number;
  channel?: SalesChannel;
}

const MONEY_ACCOUNT = { card: 'stripe', 'gift-card': 'giftCards', 'on-site': 'cash', reseller: 'resellers' } as const satisfies Record<string, AccountKey>;

/** What an event is in the accounts: its postings, which add up to nothing. */
export function postings(event: MoneyEvent): Posting[] {
  switch (event.kind) {
    case 'booking-in':
    case 'booking-out': {
      const sign = event.kind === 'booking-in' ? 1 : -1;
      const grossOre = event.vat.reduce((sum, line) => sum + line.grossOre, 0);
      // A reseller keeps its commission: it owes the net, and the commission is a cost (given back with a cancellation).
      const commissionOre = event.commissionOre ?? 0;
      return [
        { account: MONEY_ACCOUNT[event.via], amountOre: sign * (grossOre - commissionOre) },
        ...(commissionOre ? [{ account: 'commission' as const, amountOre: sign * commissionOre }] : []),
        ...event.vat.flatMap((line) => [
          { account: salesAccount(line.rate), amountOre: -sign * line.netOre, channel: event.channel },
          { account: OUTPUT_VAT[line.rate] ?? 'vat25', amountOre: -sign * line.vatOre },
        ]),
      ];
    }
    case 'gift-card-sold':
      return [{ account: 'stripe', amountOre: event.amountOre }, { account: 'giftCards', amountOre: -event.amountOre }];
    case 'gift-card-issued':
      return [{ account: 'compensation', amountOre: event.amountOre }, { account: 'giftCards', amountOre: -event.amountOre }];
    case 'gift-card-voided':
      return [{ account: 'giftCards', amountOre: event.amountOre }, { account: 'otherIncome', amountOre: -event.amountOre }];
  }
}

/** The sales account of a rate (a rate the books do not know is refused: no sale is booked at a guess). */
function salesAccount(rate: number): AccountKey {
  const account = SALES[rate];
  if (!account) throw new Error(`No sales account for VAT ${rate} %`);
  return account;
}

/** One line of the monthly sales report. */
export interface SalesReportLine {
  /** YYYY-MM, in Kiruna. */
  month: string;
  /** Tour revenue in and back by rate and channel; gift cards sold, issued by hand, redeemed (tour revenue from a card), given back onto a card, voided. */
  item: 'sales' | 'refunds' | 'gift-cards-sold' | 'gift-cards-issued' | 'gift-cards-redeemed' | 'gift-cards-returned' | 'gift-cards-voided';
  channel: SalesChannel | null;
  rate: number | null;
  grossOre: number;
  vatOre: number;
  netOre: number;
}

/**
 * The month's sales from its events: tour revenue (in and back) by VAT rate and channel, apart
 * from the gift cards, which are a debt until used (sold, issued, voided), with what they paid for
 * tours and what came back onto them shown for the liability's sake (it is in the sales already).
 */
export function salesReport(events: readonly MoneyEvent[], monthOf: (at: Date) => string): SalesReportLine[] {
  const lines = new Map<string, SalesReportLine>();
  const add = (line: Omit<SalesReportLine, 'netOre'> & { netOre?: number }) => {
    const key = [line.month, line.item, line.channel, line.rate].join('|');
    const seen = lines.get(key) ?? { ...line, grossOre: 0, vatOre: 0, netOre: 0 };
    seen.grossOre += line.grossOre;
    seen.vatOre += line.vatOre;
    seen.netOre += line.netOre ?? line.grossOre - line.vatOre;
    lines.set(key, seen);
  };
  for (const event of events) {
    const month = monthOf(event.at);
    if (event.kind === 'booking-in' || event.kind === 'booking-out') {
      for (const vat of event.vat) add({ month, item: event.kind === 'booking-in' ? 'sales' : 'refunds', channel: event.channel, rate: vat.rate, grossOre: vat.grossOre, vatOre: vat.vatOre, netOre: vat.netOre });
      if (event.via === 'gift-card') {
        const grossOre = event.vat.reduce((sum, vat) => sum + vat.grossOre, 0);
        add({ month, item: event.kind === 'booking-in' ? 'gift-cards-redeemed' : 'gift-cards-returned', channel: null, rate: null, grossOre, vatOre: 0 });
      }
    } else {
      const item = ({ 'gift-card-sold': 'gift-cards-sold', 'gift-card-issued': 'gift-cards-issued', 'gift-card-voided': 'gift-cards-voided' } as const)[event.kind];
      add({ month, item, channel: null, rate: null, grossOre: event.amountOre, vatOre: 0 });
    }
  }
  const order = ['sales', 'refunds', 'gift-cards-sold', 'gift-cards-issued', 'gift-cards-redeemed', 'gift-cards-returned', 'gift-cards-voided'];
  return [...lines.values()].sort((a, b) => a.month.localeCompare(b.month) || order.indexOf(a.item) - order.indexOf(b.item) || String(a.channel).localeCompare(String(b.channel)) || (b.rate ?? 0) - (a.rate ?? 0));
}
