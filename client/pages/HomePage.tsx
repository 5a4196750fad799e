import { useLoaderData } from 'react-router-dom';

import type { FaqEntry, PostSummary } from '../../shared/api-types';
import { useAiGuide } from '../ai/AiGuideLauncher';
import { Picture } from '../components/Picture';
import { PopularTourCards } from '../components/PopularTourLinks';
import type { PopularTourFacts } from '../components/popular-tours';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

/** Sister sites (spec section 1); the glass igloo partner opens in a new tab. */
export const GLASS_IGLOO_URL = 'https://www.glassigloo-kiruna.se/';
export const GUESTHOUSE_URL = 'https://www.norrsken-guesthouse.se/';

export interface HomeData {
  latestPost: PostSummary | null;
  faqPreview: FaqEntry[];
  /** The popular tours' pictures, prices and durations. */
  tours: PopularTourFacts[];
}

export function HomePage() {
  const { latestPost, faqPreview, tours } = useLoaderData() as HomeData;
  const t = useT();
  const format = useFormat();
  const guide = useAiGuide();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture sizes="100vw">
          <img className="hero__art" src="/images/art/hero.svg" alt="" width={1200} height={800} fetchPriority="high" decoding="async" />
        </Picture>
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{t('home.eyebrow')}</p>
            <h1 id="hero-title">{t('home.title')}</h1>
            <p className="hero__subtitle">{t('home.subtitle')}</p>
            <p className="hero__actions">
              <Link to="/tours/" className="button button--large">
                {t('home.findTour')}
              </Link>
              <Link to="/tours/northern-lights/" className="button button--ghost">
                {t('home.auroraTours')}
              </Link>
            </p>
          </div>
          <aside className="ai-welcome" aria-labelledby="ai-welcome-title">
            <h2 id="ai-welcome-title">{t('home.aiTitle')}</h2>
            <p>{t('home.aiText')}</p>
            <button type="button" className="button button--ghost ai-welcome__ask" onClick={guide.openGuide} aria-haspopup="dialog">
              {t('home.aiAsk')}
            </button>
          </aside>
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{t('home.popular')}</h2>
        <PopularTourCards tours={tours} />
        <p className="cta__buttons">
          <Link to="/tours/" className="button">
            {t('home.browseAll')}
          </Link>
          <Link to="/tours/northern-lights-sami-inspired-bbq-kiruna/" className="button button--secondary">
            {t('home.bbqTour')}
          </Link>
        </p>
      </section>

      <section className="destinations" aria-labelledby="destinations-title">
        <h2 id="destinations-title">{t('home.bases')}</h2>
        <div className="card-grid card-grid--two">
          <article className="destination-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/kiruna.svg" alt={t('home.kirunaAlt')} width={1200} height={800} loading="lazy" />
            </Picture>
            <h3>Kiruna</h3>
            <p>{t('home.kirunaText')}</p>
            <Link to="/tours/?location=Kiruna">{t('home.kirunaTours')}</Link>
          </article>
          <article className="destination-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/abisko.svg" alt={t('home.abiskoAlt')} width={1200} height={800} loading="lazy" />
            </Picture>
            <h3>Abisko</h3>
            <p>{t('home.abiskoText')}</p>
            <Link to="/tours/?location=Abisko">{t('home.abiskoTours')}</Link>
          </article>
        </div>
      </section>

      <section className="benefits" aria-labelledby="benefits-title">
        <h2 id="benefits-title">{t('home.why')}</h2>
        <ul className="card-grid card-grid--three">
          <li>
            <h3>{t('home.localTitle')}</h3>
            <p>{t('home.localText')}</p>
          </li>
          <li>
            <h3>{t('home.smallTitle')}</h3>
            <p>{t('home.smallText')}</p>
          </li>
          <li>
            <h3>{t('home.ecoTitle')}</h3>
            <p>{t('home.ecoText')}</p>
          </li>
        </ul>
      </section>

      <figure className="testimonial">
        <blockquote>
          <p>{t('home.quote')}</p>
        </blockquote>
        <figcaption>{t('home.quoteBy')}</figcaption>
      </figure>

      {latestPost && (
        <section className="blog-preview" aria-labelledby="blog-preview-title">
          <h2 id="blog-preview-title">{t('home.fromBlog')}</h2>
          <article>
            <h3>
              <Link to={`/blog/${latestPost.slug}/`}>{latestPost.title}</Link>
            </h3>
            <p className="post-date">{format.postDate(latestPost.created_at)}</p>
            <p>{latestPost.excerpt}</p>
            <Link to={`/blog/${latestPost.slug}/`}>
              {t('home.readMore')}
              <span className="visually-hidden">: {latestPost.title}</span>
            </Link>
          </article>
        </section>
      )}

      <section className="faq-preview" aria-labelledby="faq-preview-title">
        <h2 id="faq-preview-title">{t('home.faq')}</h2>
        {faqPreview.map((item) => (
          <details key={item.id}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
        <Link to="/faq/" className="button button--secondary">
          {t('home.fullFaq')}
        </Link>
      </section>

      <section className="stays" aria-labelledby="stays-title">
        <h2 id="stays-title">{t('home.stays')}</h2>
        <div className="card-grid card-grid--two">
          <article className="stay-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/glass-igloo.svg" alt={t('home.iglooAlt')} width={1200} height={800} loading="lazy" decoding="async" />
            </Picture>
            <h3>{t('home.iglooTitle')}</h3>
            <p>{t('home.iglooText')}</p>
            <a href={GLASS_IGLOO_URL} target="_blank" rel="noopener">
              {t('home.iglooLink')}
              <span className="visually-hidden">{t('home.newTab')}</span>
            </a>
          </article>
          <article className="stay-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/guesthouse.svg" alt={t('home.guesthouseAlt')} width={1200} height={800} loading="lazy" decoding="async" />
            </Picture>
            <h3>{t('home.guesthouseTitle')}</h3>
            <p>{t('home.guesthouseText')}</p>
            <a href={GUESTHOUSE_URL}>{t('home.guesthouseLink')}</a>
          </article>
        </div>
      </section>
      {/* The AI guide is offered on the home page only (spec section 1). */}
      {guide.launcher}
    </>
  );
}
