import { useLoaderData } from 'react-router-dom';

import type { FaqEntry } from '../../shared/api-types';
import { useT } from '../i18n/i18n';

/** Aurora River Camp and Abisko compared, row by row (the catalogue's faq.rN keys). */
const COMPARISON_ROWS = ['r1', 'r2', 'r3', 'r4', 'r5'] as const;

export function FaqPage() {
  const { faq } = useLoaderData() as { faq: FaqEntry[] };
  const t = useT();
  return (
    <section className="page page--narrow">
      <h1>{t('faq.title')}</h1>
      <p className="lead">{t('faq.lead')}</p>
      <div className="table-scroll">
        <table className="comparison">
          <caption className="visually-hidden">{t('faq.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('faq.aspect')}</th>
              <th scope="col">{t('faq.camp')}</th>
              <th scope="col">{t('faq.abisko')}</th>
            </tr>
          </thead>
          <tbody>
            {COMPARISON_ROWS.map((row) => (
              <tr key={row}>
                <th scope="row">{t(`faq.${row}.aspect`)}</th>
                <td>{t(`faq.${row}.camp`)}</td>
                <td>{t(`faq.${row}.abisko`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('faq.questions')}</h2>
      {faq.map((item) => (
        <details key={item.id}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
