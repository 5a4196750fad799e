import type { FormEvent } from 'react';
import { Form, useLoaderData, useNavigate, useNavigation } from 'react-router-dom';

import type { TourSummary } from '../../shared/api-types';
import { Breadcrumb } from '../components/Breadcrumb';
import { TourCard } from '../components/TourCard';
import { TourLinks } from '../components/TourLinks';
import { CATEGORIES, LOCATIONS } from '../../shared/taxonomy';

export interface ToursData {
  kind: 'list';
  tours: TourSummary[];
  related: TourSummary[];
  failed: boolean;
  location?: string;
  category?: string;
}

export const LOCATION_BUTTONS = [
  { value: '', label: 'All Tours' },
  ...LOCATIONS.map((location) => ({ value: location.name as string, label: `${location.name} Tours` })),
];

/** The heading and subtitle for a filter (spec section 2: they vary with the category). */
export function toursCopy(location?: string, category?: string): { heading: string; subtitle: string } {
  switch (category) {
    case 'Dogsledding':
      return { heading: 'Dog Sledding Tours in Swedish Lapland', subtitle: 'Drive your own husky team across frozen rivers and through snowy forest.' };
    case 'Snowmobile':
      return { heading: 'Snowmobile Tours in Kiruna', subtitle: 'Drive your own snowmobile into the arctic wilderness, by day or under the aurora.' };
    case 'Northern Lights':
      return { heading: 'Northern Lights Tours in Kiruna and Abisko', subtitle: 'Small-group aurora hunts with guides who follow the forecast to clear skies.' };
    case 'Reindeer':
      return { heading: 'Reindeer Sledding and Sami Encounters', subtitle: 'Meet the reindeer and the Sami families who herd them.' };
  }
  if (category) return { heading: `${category} Tours`, subtitle: `Our ${category.toLowerCase()} experiences in Kiruna and Abisko.` };
  if (location) return { heading: `Tours from ${location}`, subtitle: `Small-group arctic experiences from ${location}, Swedish Lapland.` };
  return { heading: 'Arctic Tours in Kiruna and Abisko', subtitle: 'Northern Lights, huskies, snowmobiles, reindeer and more, in groups of at most 8.' };
}

/** The shareable URL of a filter: /tours/?location=Abisko&category=… (empty values left out). */
export function toursUrl(filter: { location?: string; category?: string }): string {
  const params = new URLSearchParams();
  if (filter.location) params.set('location', filter.location);
  if (filter.category) params.set('category', filter.category);
  const query = params.toString();
  return `/tours/${query ? `?${query}` : ''}`;
}

function ToursList({ data, loading }: { data: ToursData; loading: boolean }) {
  if (loading) {
    return (
      <p className="status-message" role="status">
        Loading tours…
      </p>
    );
  }
  if (data.failed) return <p className="error-message">Failed to load tours. Please try again later.</p>;
  if (data.tours.length === 0) return <p className="empty">No tours available matching your criteria.</p>;
  return (
    <div className="card-grid">
      {data.tours.map((tour, index) => (
        <TourCard key={tour.id} tour={tour} eager={index < 2} />
      ))}
    </div>
  );
}

export function ToursPage() {
  const data = useLoaderData() as ToursData;
  const { location, category } = data;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === 'loading' && navigation.location?.pathname.startsWith('/tours/') === true;
  const { heading, subtitle } = toursCopy(location, category);

  // Without JavaScript the form submits itself; with it, a clean URL and a client-side load.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const nextLocation = submitter?.name === 'location' ? submitter.value : String(form.get('location') ?? '');
    navigate(toursUrl({ location: nextLocation, category: String(form.get('category') ?? '') }));
  };

  return (
    <section className="page">
      <Breadcrumb current={category ?? location ?? 'All Tours'} />
      <h1>{heading}</h1>
      <p className="lead">{subtitle}</p>
      <Form method="get" action="/tours/" className="filters" onSubmit={onSubmit} aria-label="Filter tours">
        <input type="hidden" name="location" value={location ?? ''} />
        <div className="location-buttons" role="group" aria-label="Location">
          {LOCATION_BUTTONS.map((button) => (
            <button
              key={button.label}
              type="submit"
              name="location"
              value={button.value}
              className={button.value === (location ?? '') ? 'chip chip--active' : 'chip'}
              aria-pressed={button.value === (location ?? '')}
              disabled={loading}
            >
              {button.label}
            </button>
          ))}
        </div>
        <div className="category-filter">
          <label htmlFor="category">Category</label>
          <select
            id="category"
            name="category"
            defaultValue={category ?? ''}
            key={category ?? ''}
            disabled={loading}
            onChange={(event) => navigate(toursUrl({ location, category: event.currentTarget.value }))}
          >
            <option value="">All Categories</option>
            {CATEGORIES.map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="chip">
              Filter
            </button>
          </noscript>
        </div>
      </Form>
      <div aria-live="polite" aria-busy={loading}>
        <ToursList data={data} loading={loading} />
      </div>
      <TourLinks related={data.related} />
    </section>
  );
}
