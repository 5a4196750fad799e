import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { CHANNEL_WORDS, SALES_ITEM_WORDS, type SalesReportLine } from '../../shared/accounts';
import { kirunaDate } from '../../shared/company';
import { formatOreIn } from '../../shared/vat';
import { adminRequest } from './admin-client';
import { ProblemSummary, saveProblem } from './content/content-parts';

const kr = (ore: number) => formatOreIn('sv', ore);

/** Saves a file the API answered (the staff token goes with the request, so a plain link will not do). */
async function download(path: string, name: string): Promise<void> {
  const blob = await adminRequest<Blob>('GET', path, { raw: true });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * The books: a month's sales by VAT rate and channel, refunds, and the gift cards as the debt they
 * are; the report as CSV and the month as an SIE 4 file for the accountant.
 */
export function AccountsScreen() {
  const id = useId();
  const [month, setMonth] = useState(() => kirunaDate(new Date()).slice(0, 7));
  const report = useQuery({ queryKey: ['admin', 'accounts', month], queryFn: () => adminRequest<{ data: SalesReportLine[] }>('GET', `accounts/sales?from=${month}&to=${month}`), enabled: /^\d{4}-\d{2}$/.test(month) });
  const saving = useMutation({ mutationFn: ({ path, name }: { path: string; name: string }) => download(path, name) });
  const problem = saveProblem(report.error ?? saving.error);

  return (
    <div className="admin-grid">
      <section className="admin-card admin-card--wide" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Försäljning per månad</h2>
        <p>
          Pengar räknas när de kommer in och när de går tillbaka, till bokningens momssatser. Presentkort är en skuld tills de används: momsen kommer med turen de betalar.
        </p>
        <div className="field">
          <label htmlFor={`${id}-month`}>Månad</label>
          <input id={`${id}-month`} type="month" value={month} onChange={(event) => setMonth(event.currentTarget.value)} />
        </div>
        <div className="admin-actions">
          <button type="button" className="button button--secondary" disabled={saving.isPending} onClick={() => saving.mutate({ path: `accounts/sales.csv?from=${month}&to=${month}`, name: `forsaljning-${month}.csv` })}>
            Ladda ner rapporten (CSV)
          </button>
          <button type="button" className="button button--secondary" disabled={saving.isPending} onClick={() => saving.mutate({ path: `accounts/sie?from=${month}-01&to=${lastDay(month)}`, name: `norrsken-${month}.se` })}>
            Ladda ner SIE-filen
          </button>
        </div>
        {problem && <ProblemSummary problem={problem} />}
        {report.isPending ? (
          <p role="status">Laddar rapporten…</p>
        ) : report.data && report.data.data.length === 0 ? (
          <p>Inga pengar rörde sig den månaden.</p>
        ) : report.data ? (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Post</th>
                  <th scope="col">Kanal</th>
                  <th scope="col">Moms</th>
                  <th scope="col">Inkl. moms</th>
                  <th scope="col">Moms (kr)</th>
                  <th scope="col">Exkl. moms</th>
                </tr>
              </thead>
              <tbody>
                {report.data.data.map((line) => (
                  <tr key={`${line.item}-${line.channel}-${line.rate}`}>
                    <th scope="row">{SALES_ITEM_WORDS[line.item]}</th>
                    <td>{line.channel ? CHANNEL_WORDS[line.channel] : '–'}</td>
                    <td>{line.rate === null ? '–' : `${line.rate} %`}</td>
                    <td>{kr(line.grossOre)}</td>
                    <td>{kr(line.vatOre)}</td>
                    <td>{kr(line.netOre)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
