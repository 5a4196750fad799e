import { Link, useLoaderData } from 'react-router-dom';

import type { FaqEntry, PostSummary } from '../../shared/api-types';
import { AiGuideLauncher } from '../ai/AiGuideLauncher';
import { formatPostDate } from '../format';
import { Picture } from '../components/Picture';
import { PopularTourCards, type PopularTourFacts } from '../components/PopularTourLinks';

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
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture sizes="100vw">
          <img className="hero__art" src="/images/art/hero.svg" alt="" width={1200} height={800} fetchPriority="high" decoding="async" />
        </Picture>
        <div className="hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">Kiruna · Abisko · Swedish Lapland</p>
            <h1 id="hero-title">Arctic adventures under the Northern Lights</h1>
            <p className="hero__subtitle">
              Huskies, reindeer, snowmobiles and wild silence, in small groups of at most 8 guests with local guides since 2005.
            </p>
            <p className="hero__actions">
              <Link to="/tours/" className="button button--large">
                Find your tour
              </Link>
              <Link to="/tours/northern-lights/" className="button button--ghost">
                Northern Lights tours
              </Link>
            </p>
          </div>
          <aside className="ai-welcome" aria-labelledby="ai-welcome-title">
            <h2 id="ai-welcome-title">Meet your AI travel guide</h2>
            <p>Not sure which tour fits your trip? Ask our AI guide about the aurora, the weather, what to wear or the right tour for your dates.</p>
          </aside>
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Popular tours</h2>
        <PopularTourCards tours={tours} />
        <p className="cta__buttons">
          <Link to="/tours/" className="button">
            Browse All Tours
          </Link>
          <Link to="/tours/northern-lights-sami-inspired-bbq-kiruna/" className="button button--secondary">
            Northern Lights Tour with Sami Inspired BBQ
          </Link>
        </p>
      </section>

      <section className="destinations" aria-labelledby="destinations-title">
        <h2 id="destinations-title">Two bases under the aurora</h2>
        <div className="card-grid card-grid--two">
          <article className="destination-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/kiruna.svg" alt="Kiruna's hills and the Torne valley under a winter sky" width={1200} height={800} loading="lazy" />
            </Picture>
            <h3>Kiruna</h3>
            <p>Sweden's northernmost town: huskies, snowmobiles, reindeer, the Icehotel and aurora chases to wherever the sky is clear.</p>
            <Link to="/tours/?location=Kiruna">Kiruna tours</Link>
          </article>
          <article className="destination-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/abisko.svg" alt="Lake Torneträsk and the Lapporten valley near Abisko" width={1200} height={800} loading="lazy" />
            </Picture>
            <h3>Abisko</h3>
            <p>A national park village by Lake Torneträsk, famous for the clear "blue hole" in the sky, ice climbing and the midnight sun.</p>
            <Link to="/tours/?location=Abisko">Abisko tours</Link>
          </article>
        </div>
      </section>

      <section className="benefits" aria-labelledby="benefits-title">
        <h2 id="benefits-title">Why travel with us</h2>
        <ul className="card-grid card-grid--three">
          <li>
            <h3>Local Expertise</h3>
            <p>Guides who live here, read the sky and the snow, and have shown guests the north since 2005.</p>
          </li>
          <li>
            <h3>Small Groups</h3>
            <p>Never more than 8 guests, so there is room by the fire and time for every question.</p>
          </li>
          <li>
            <h3>Eco-Conscious</h3>
            <p>Low-impact tours, local partners and Sami hosts who are paid fairly.</p>
          </li>
        </ul>
      </section>

      <figure className="testimonial">
        <blockquote>
          <p>“Our guide drove us two hours to find a gap in the clouds, and then the whole sky turned green. The best night of our lives.”</p>
        </blockquote>
        <figcaption>Hannah and Tom, Northern Lights Car Chase, February</figcaption>
      </figure>

      {latestPost && (
        <section className="blog-preview" aria-labelledby="blog-preview-title">
          <h2 id="blog-preview-title">From the blog</h2>
          <article>
            <h3>
              <Link to={`/blog/${latestPost.slug}/`}>{latestPost.title}</Link>
            </h3>
            <p className="post-date">{formatPostDate(latestPost.created_at)}</p>
            <p>{latestPost.excerpt}</p>
            <Link to={`/blog/${latestPost.slug}/`}>
              Read More<span className="visually-hidden">: {latestPost.title}</span>
            </Link>
          </article>
        </section>
      )}

      <section className="faq-preview" aria-labelledby="faq-preview-title">
        <h2 id="faq-preview-title">Questions guests ask</h2>
        {faqPreview.map((item) => (
          <details key={item.id}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
        <Link to="/faq/" className="button button--secondary">
          View Full FAQ
        </Link>
      </section>

      <section className="stays" aria-labelledby="stays-title">
        <h2 id="stays-title">Tour + stay</h2>
        <div className="card-grid card-grid--two">
          <article className="stay-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/glass-igloo.svg" alt="A glass igloo in the snow under the aurora" width={1200} height={800} loading="lazy" decoding="async" />
            </Picture>
            <h3>Glass igloo nights</h3>
            <p>Watch for the aurora from a warm bed under a glass roof at our partner camp outside Kiruna. Add a night when you book a tour.</p>
            <a href={GLASS_IGLOO_URL} target="_blank" rel="noopener">
              Visit the glass igloo camp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </article>
          <article className="stay-card">
            <Picture sizes="(min-width: 60rem) 36rem, 100vw">
              <img src="/images/art/guesthouse.svg" alt="Our sister guesthouse, a red timber house in the snow" width={1200} height={800} loading="lazy" decoding="async" />
            </Picture>
            <h3>Our guesthouse</h3>
            <p>Cosy rooms with a Swedish breakfast in a quiet timber house by the river, run by our sister company.</p>
            <a href={GUESTHOUSE_URL}>Visit the guesthouse</a>
          </article>
        </div>
      </section>
      {/* The AI guide is offered on the home page only (spec section 1). */}
      <AiGuideLauncher />
    </>
  );
}
