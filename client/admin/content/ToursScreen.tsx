import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { AdminTranslatedTourView } from '../../../shared/admin-types';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { contentApi } from '../admin-client';
import { formatKr } from '../admin-format';
import { ProblemSummary, saveProblem, useContentMutation } from './content-parts';

export const TOURS_KEY = ['admin', 'tours'] as const;

/** Every tour in the site's order: move, publish or unpublish, open to edit. */
export function ToursScreen() {
  const tours = useQuery({ queryKey: TOURS_KEY, queryFn: contentApi.tours });
  const order = useContentMutation([TOURS_KEY], contentApi.orderTours);
  const publish = useContentMutation([TOURS_KEY], ({ id, isActive }: { id: number; isActive: boolean }) => contentApi.updateTour(id, { isActive }));

  const move = (list: AdminTranslatedTourView[], index: number, by: -1 | 1) => {
    const ids = list.map((tour) => tour.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    order.mutate(ids);
  };

  if (tours.isPending) return <p role="status">Laddar turerna…</p>;
  if (tours.isError) return <ProblemSummary problem={saveProblem(tours.error)} />;
  const list = tours.data;
  return (
    <>
      <p>
        <Link className="button" to={`${ADMIN_BASE}/tours/new/`}>
          Ny tur
        </Link>
      </p>
      <ProblemSummary problem={saveProblem(order.error ?? publish.error)} />
      <ol className="admin-list content-list">
        {list.map((tour, index) => (
          <li key={tour.id} className={tour.isActive ? undefined : 'content-list__hidden'}>
            <span>
              <Link to={`${ADMIN_BASE}/tours/${tour.id}/`}>{tour.title}</Link>
              {` · ${formatKr(tour.priceSek)}`}
              {!tour.isActive && ' · Avpublicerad'}
              {(['sv', 'de'] as const)
                .filter((lang) => !tour.translations[lang])
                .map((lang) => (
                  <span key={lang} className="badge badge--warning">{`Saknar ${lang === 'sv' ? 'svenska' : 'tyska'}`}</span>
                ))}
            </span>
            <span className="content-list__actions">
              <button type="button" className="button button--small" disabled={index === 0 || order.isPending} onClick={() => move(list, index, -1)} aria-label={`Flytta upp ${tour.title}`}>
                Upp
              </button>
              <button type="button" className="button button--small" disabled={index === list.length - 1 || order.isPending} onClick={() => move(list, index, 1)} aria-label={`Flytta ner ${tour.title}`}>
                Ner
              </button>
              <button type="button" className="button button--small" disabled={publish.isPending} onClick={() => publish.mutate({ id: tour.id, isActive: !tour.isActive })}>
                {tour.isActive ? 'Avpublicera' : 'Publicera'}
              </button>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
