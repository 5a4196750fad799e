import { Form, Link, useLoaderData, useNavigation, useSubmit } from 'react-router-dom';

import type { TourSummary } from '../api/types';
import { Breadcrumb } from '../components/Breadcrumb';
import { TourCard } from '../components/TourCard';
import { CATEGORIES, LOCATIONS } from '../shared/taxonomy';

export interface ToursData {
  kind: 'list';
  tours: TourSummary[];
  location?: string;
  category?: string;
}

export const LOCATION_BUTTONS = [
  { value: undefined, label: 'All Tours' },
  ...LOCATIONS.map((location) => ({ value: location.name as string | undefined, label: `${location.name} Tours` })),
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

export function ToursPage() {
  const { tours, location, category } = useLoaderData() as ToursData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === 'loading' && navigation.location?.pathname.startsWith('/tours/');
  const { heading, subtitle } = toursCopy(location, category);
  const withLocation = (value?: string) => {
    const params = new URLSearchParams();
    if (value) params.set('location', value);
    if (category) params.set('category', category);
    const query = params.toString();
    return `/tours/${query ? `?${query}` : ''}`;
  };
  return (
    <section className="page">
      <Breadcrumb current={category ?? location ?? 'All Tours'} />
      <h1>{heading}</h1>
      <p className="lead">{subtitle}</p>
      <div className="filters">
        <div className="location-buttons" role="group" aria-label="Location">
          {LOCATION_BUTTONS.map((button) => (
            <Link
              key={button.label}
              to={withLocation(button.value)}
              className={button.value === location ? 'chip chip--active' : 'chip'}
              aria-current={button.value === location ? 'true' : undefined}
              aria-disabled={loading || undefined}
            >
              {button.label}
            </Link>
          ))}
        </div>
        <Form method="get" action="/tours/" className="category-filter" onChange={(event) => submit(event.currentTarget)}>
          {location && <input type="hidden" name="location" value={location} />}
          <label htmlFor="category">Category</label>
          <select id="category" name="category" defaultValue={category ?? ''} disabled={loading} key={category ?? ''}>
            <option value="">All Categories</option>
            {CATEGORIES.map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit">Filter</button>
          </noscript>
        </Form>
      </div>
      {tours.length === 0 ? (
        <p className="empty">No tours available matching your criteria.</p>
      ) : (
        <div className="card-grid" aria-busy={loading}>
          {tours.map((tour, index) => (
            <TourCard key={tour.id} tour={tour} eager={index < 2} />
          ))}
        </div>
      )}
    </section>
  );
}

export function ToursError() {
  return (
    <section className="page">
      <h1>Arctic Tours in Kiruna and Abisko</h1>
      <p className="error-message">Failed to load tours. Please try again later.</p>
    </section>
  );
}
