import type { SkyOutlookView } from '../../shared/api-types';

/**
 * An aurora tour's outlook: a line per evening ("Tonight: clear after 23:00, Kp 5: good"), what
 * the company does when the lights do not show, and where the data comes from. Its words come
 * from the server, in the page's language, as the guide and the mails say them.
 */
export function SkyOutlook({ outlook }: { outlook: SkyOutlookView }) {
  return (
    <section className="sky-outlook" aria-labelledby="sky-outlook-title">
      <h2 id="sky-outlook-title">{outlook.title}</h2>
      <ul>
        {outlook.nights.map((night) => (
          <li key={night.date} className={`sky-outlook__night sky-outlook__night--${night.verdict ?? 'unknown'}`}>
            {night.headline}
          </li>
        ))}
      </ul>
      <p className="sky-outlook__note">{outlook.note}</p>
      <p className="sky-outlook__source">{outlook.attribution}</p>
    </section>
  );
}
