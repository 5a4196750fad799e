import type { TourSummary } from '../../shared/api-types';
import type { Lang } from '../../shared/languages';
import { LOCATIONS } from '../../shared/taxonomy';
import type { MessageId, Translate } from '../i18n/i18n';

/** The tours list's data: tours for a filter (the spec's location and category names). */
export interface ToursData {
  kind: 'list';
  tours: TourSummary[];
  related: TourSummary[];
  failed: boolean;
  location?: string;
  category?: string;
}

/** The location filter's buttons: every tour, or those from one place. */
export const locationButtons = (t: Translate) => [
  { value: '', label: t('tours.all') },
  ...LOCATIONS.map((location) => ({ value: location.name as string, label: t('tours.placeTours', { place: location.name }) })),
];

/** A category's name in the page's language (the spec's name in English). */
export const categoryLabel = (t: Translate, category: string): string => t(`cat.${category}` as MessageId);

/** The categories with a heading and subtitle of their own (spec section 2). */
const OWN_COPY: Record<string, 'dogsledding' | 'snowmobile' | 'aurora' | 'reindeer'> = { Dogsledding: 'dogsledding', Snowmobile: 'snowmobile', 'Northern Lights': 'aurora', Reindeer: 'reindeer' };

/** The heading and subtitle for a filter (spec section 2: they vary with the category). */
export function toursCopy(t: Translate, lang: Lang, location?: string, category?: string): { heading: string; subtitle: string } {
  const own = category && OWN_COPY[category];
  if (own) return { heading: t(`tours.h.${own}`), subtitle: t(`tours.s.${own}`) };
  if (category) {
    const name = categoryLabel(t, category);
    // Mid-sentence a category is in lower case ("Our ice fishing experiences"), but a German noun keeps its capital.
    return { heading: t('tours.h.category', { category: name }), subtitle: t('tours.s.category', { category: lang === 'de' ? name : name.toLowerCase() }) };
  }
  if (location) return { heading: t('tours.h.place', { place: location }), subtitle: t('tours.s.place', { place: location }) };
  return { heading: t('tours.h.all'), subtitle: t('tours.s.all') };
}

/** The shareable URL of a filter: /tours/?location=Abisko&category=… (empty values left out). */
export function toursUrl(filter: { location?: string; category?: string }): string {
  const params = new URLSearchParams();
  if (filter.location) params.set('location', filter.location);
  if (filter.category) params.set('category', filter.category);
  const query = params.toString();
  return `/tours/${query ? `?${query}` : ''}`;
}
