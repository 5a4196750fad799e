import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { DepartureCrewView } from '../../../shared/resources';
import { adminRequest } from '../admin-client';
import { saveProblem, useContentMutation } from '../content/content-parts';

const CREW_KEY = ['admin', 'crew'] as const;
const BOARD_KEY = ['admin', 'resource-board'] as const;

/**
 * A departure's guides under its passenger list: who leads it, how many it should have, and the
 * free and qualified guides to put on it; the server refuses a guide who lacks a skill, is off
 * or is already out, and says why.
 */
export function CrewPanel({ departureId }: { departureId: number }) {
  const [notice, setNotice] = useState<string>();
  const crew = useQuery({ queryKey: [...CREW_KEY, departureId], queryFn: () => adminRequest<DepartureCrewView>('GET', `departures/${departureId}/crew`) });
  const assign = useContentMutation([CREW_KEY, BOARD_KEY], (guide: { resourceId: number; name: string }) => adminRequest('POST', `departures/${departureId}/crew`, { body: { resourceId: guide.resourceId } }).then(() => guide), (guide) =>
    setNotice(`${guide.name} leder avgången.`),
  );
  const remove = useContentMutation([CREW_KEY, BOARD_KEY], (guide: { resourceId: number; name: string }) => adminRequest('DELETE', `departures/${departureId}/crew/${guide.resourceId}`).then(() => guide), (guide) =>
    setNotice(`${guide.name} är inte längre på avgången.`),
  );
  const data = crew.data;
  if (!data) return null;
  const problem = saveProblem(crew.error ?? assign.error ?? remove.error)?.message;
  const short = data.guidesNeeded > data.assigned.length;
  return (
    <section className="admin-card crew-panel" aria-labelledby="crew-title">
      <h2 id="crew-title">Guider</h2>
      <p className={short ? 'resource-flag' : undefined}>{`${data.assigned.length} av ${data.guidesNeeded} ${data.guidesNeeded === 1 ? 'guide' : 'guider'} som behövs för de bokade gästerna.`}</p>
      {notice && <p role="status">{notice}</p>}
      {problem && (
        <p className="error-message" role="alert">
          {problem}
        </p>
      )}
      <ul className="resource-items">
        {data.assigned.map((guide) => (
          <li key={guide.resourceId}>
            {guide.name}{' '}
            <button type="button" className="button button--small no-print" disabled={remove.isPending} onClick={() => remove.mutate(guide)} aria-label={`Ta bort ${guide.name} från avgången`}>
              Ta bort
            </button>
          </li>
        ))}
      </ul>
      {data.suggestions.length > 0 && (
        <div className="no-print">
          <h3>Lediga och behöriga</h3>
          <ul className="resource-items">
            {data.suggestions.map((guide) => (
              <li key={guide.resourceId}>
                {guide.name}{' '}
                <button type="button" className="button button--small" disabled={assign.isPending} onClick={() => assign.mutate(guide)} aria-label={`Sätt ${guide.name} på avgången`}>
                  Sätt på avgången
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
