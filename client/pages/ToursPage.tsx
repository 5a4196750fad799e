import type { FormEvent } from 'react';
import { Form, useLoaderData, useNavigate, useNavigation } from 'react-router-dom';

import { Breadcrumb } from '../components/Breadcrumb';
import { TourCard } from '../components/TourCard';
import { TourLinks } from '../components/TourLinks';
import { basePath } from '../../shared/languages';
import { CATEGORIES } from '../../shared/taxonomy';
import { useLang, useLocalPath, useT } from '../i18n/i18n';
import { categoryLabel, locationButtons, toursCopy, toursUrl, type ToursData } from './tours-copy';

function ToursList({ data, loading }: { data: ToursData; loading: boolean }) {
  const t = useT();
  if (loading) {
    return (
      <p className="status-message" role="status">
        {t('tours.loading')}
      </p>
    );
  }
  if (data.failed) return <p className="error-message">{t('tours.failed')}</p>;
  if (data.tours.length === 0) return <p className="empty">{t('tours.none')}</p>;
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
  const t = useT();
  const lang = useLang();
  const local = useLocalPath();
  const loading = navigation.state === 'loading' && navigation.location !== undefined && basePath(navigation.location.pathname).startsWith('/tours/');
  const { heading, subtitle } = toursCopy(t, lang, location, category);

  // Without JavaScript the form submits itself; with it, a clean URL and a client-side load.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const nextLocation = submitter?.name === 'location' ? submitter.value : String(form.get('location') ?? '');
    navigate(local(toursUrl({ location: nextLocation, category: String(form.get('category') ?? '') })));
  };

  return (
    <section className="page">
      <Breadcrumb current={category ? categoryLabel(t, category) : (location ?? t('tours.all'))} />
      <h1>{heading}</h1>
      <p className="lead">{subtitle}</p>
      <Form method="get" action={local('/tours/')} className="filters" onSubmit={onSubmit} aria-label={t('tours.filter')}>
        <input type="hidden" name="location" value={location ?? ''} />
        <div className="location-buttons" role="group" aria-label={t('tours.location')}>
          {locationButtons(t).map((button) => (
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
          <label htmlFor="category">{t('tours.category')}</label>
          <select
            id="category"
            name="category"
            defaultValue={category ?? ''}
            key={category ?? ''}
            disabled={loading}
            onChange={(event) => navigate(local(toursUrl({ location, category: event.currentTarget.value })))}
          >
            <option value="">{t('tours.allCategories')}</option>
            {CATEGORIES.map((option) => (
              <option key={option.name} value={option.name}>
                {categoryLabel(t, option.name)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="chip">
              {t('tours.filterButton')}
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
