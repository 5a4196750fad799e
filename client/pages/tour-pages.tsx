import { useLoaderData } from 'react-router-dom';

import type { TourData } from './tour-page-data';
import type { ToursData } from './tours-copy';
import { TourPage } from './TourPage';
import { ToursPage } from './ToursPage';

export { ToursPage };

/** /tours/{slug}/: a tour, or a category's list (the loader decides which). */
export function TourOrCategoryPage() {
  const loaded = useLoaderData() as ToursData | TourData;
  return loaded.kind === 'tour' ? <TourPage /> : <ToursPage />;
}
