import { useLoaderData } from 'react-router-dom';

import type { FaqEntry } from '../../shared/api-types';

const COMPARISON = [
  { aspect: 'Aurora chances', camp: 'High; guides drive to clear skies', abisko: 'Very high; the “blue hole” keeps skies clear' },
  { aspect: 'Getting there', camp: '15 min from Kiruna Airport', abisko: '1 h 15 min by car or train from Kiruna' },
  { aspect: 'Day activities', camp: 'Huskies, snowmobiles, reindeer, Icehotel', abisko: 'National park, canyon, ice climbing, hiking' },
  { aspect: 'Stays', camp: 'Glass igloos and our guesthouse', abisko: 'Mountain station, cabins, guesthouses' },
  { aspect: 'Best for', camp: 'Families and first-time visitors', abisko: 'Photographers and hikers' },
];

export function FaqPage() {
  const { faq } = useLoaderData() as { faq: FaqEntry[] };
  return (
    <section className="page page--narrow">
      <h1>Northern Lights: Aurora River Camp vs Abisko</h1>
      <p className="lead">Two of the best places on Earth to see the aurora. Here is how they compare, and answers to the questions guests ask most.</p>
      <div className="table-scroll">
        <table className="comparison">
          <caption className="visually-hidden">Aurora River Camp compared with Abisko</caption>
          <thead>
            <tr>
              <th scope="col">Aspect</th>
              <th scope="col">Aurora River Camp (Kiruna)</th>
              <th scope="col">Abisko</th>
            </tr>
          </thead>
          <tbody>
            {COMPARISON.map((row) => (
              <tr key={row.aspect}>
                <th scope="row">{row.aspect}</th>
                <td>{row.camp}</td>
                <td>{row.abisko}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Frequently asked questions</h2>
      {faq.map((item) => (
        <details key={item.id}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}
