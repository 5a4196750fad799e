import { BadRequestException, Injectable } from '@nestjs/common';

import { CHANNEL_WORDS, postings, SALES_ITEM_WORDS, salesReport, type MoneyEvent, type SalesReportLine } from '../../../shared/accounts';
import { COMPANY, kirunaDate } from '../../../shared/company';
import { MoneyEvents } from '../../bookings/money-events.service';
import { clock } from '../../common/clock';
import { kirunaMidnight } from '../../common/kiruna-day';
import { csvDocument } from '../../common/text/csv';
import { sieFile, sumPostings, type SieVerification } from './sie';

/** Öre as the report writes kronor: "1234,50". */
const kronor = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const lastOfMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The books for the accountant: the monthly sales report (tour revenue by VAT rate and channel,
 * refunds, and the gift cards as the debt they are) as JSON and CSV, and the same money as an
 * SIE 4 file of a day's verifications, which must agree with the report to the öre.
 */
@Injectable()
export class AccountsService {
  constructor(private readonly money: MoneyEvents) {}

  /** The events from the first day to the last (Kiruna dates, both included). */
  private events(from: string, to: string): Promise<MoneyEvent[]> {
    if (to < from) throw new BadRequestException('Slutet får inte vara före början.');
    return this.money.between(kirunaMidnight(from), kirunaMidnight(nextDay(to)));
  }

  /** The sales report for whole months (YYYY-MM, both included). */
  async report(fromMonth: string, toMonth: string): Promise<SalesReportLine[]> {
    return salesReport(await this.events(`${fromMonth}-01`, lastOfMonth(toMonth)), (at) => kirunaDate(at).slice(0, 7));
  }

  async reportCsv(fromMonth: string, toMonth: string): Promise<string> {
    const lines = await this.report(fromMonth, toMonth);
    return csvDocument(
      ['Månad', 'Post', 'Kanal', 'Momssats %', 'Belopp inkl. moms', 'Moms', 'Belopp exkl. moms'],
      lines.map((line) => [line.month, SALES_ITEM_WORDS[line.item], line.channel ? CHANNEL_WORDS[line.channel] : '', line.rate ?? '', kronor(line.grossOre), kronor(line.vatOre), kronor(line.netOre)]),
    );
  }

  /** The days from `from` to `to` (within one calendar year, the fiscal year) as an SIE 4 file. */
  async sie(from: string, to: string): Promise<Buffer> {
    if (from.slice(0, 4) !== to.slice(0, 4)) throw new BadRequestException('En SIE-fil gäller ett räkenskapsår: välj datum inom samma kalenderår.');
    const byDay = new Map<string, MoneyEvent[]>();
    for (const event of await this.events(from, to)) byDay.set(kirunaDate(event.at), [...(byDay.get(kirunaDate(event.at)) ?? []), event]);
    const verifications: SieVerification[] = [...byDay]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, events]) => ({ date, text: `Försäljning, återbetalningar och presentkort ${date}`, postings: sumPostings(events.flatMap(postings)) }))
      .filter((verification) => verification.postings.length > 0);
    const year = from.slice(0, 4);
    return sieFile({
      company: COMPANY,
      year: { from: `${year}-01-01`, to: `${year}-12-31` },
      period: { from, to },
      generatedOn: kirunaDate(clock.now()),
      program: { name: COMPANY.name, version: '1.0' },
      verifications,
    });
  }
}
