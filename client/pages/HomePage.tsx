import { Link, useLoaderData } from 'react-router-dom';

import type { FaqEntry, PostSummary } from '../api/types';
import { formatPostDate } from '../format';

export interface HomeData {
  latestPost: PostSummary | null;
  faqPreview: FaqEntry[];
}

export const POPULAR_TOURS = [
  { slug: 'northern-lights-car-chase-kiruna', label: 'Northern Lights Car Chase' },
  { slug: 'drive-your-own-dog-sled-team', label: 'Drive Your Own Dog Sled Team' },
  { slug: 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour', label: 'Snowmobile Adventure, 2 hours' },
  { slug: 'reindeer-sledding-day-tour-in-kiruna', label: 'Reindeer Sledding Day Tour' },
  { slug: 'northern-lights-sami-inspired-bbq-kiruna', label: 'Northern Lights with Sami Inspired BBQ' },
  { slug: 'moose-spotting-tour-from-kiruna-to-nikkaluokta', label: 'Moose Spotting to Nikkaluokta' },
  { slug: 'daytime-snowshoe-hike-kiruna', label: 'Daytime Snowshoe Hike' },
  { slug: 'arctic-snowshoe-moments-fire-cocoa-marshmallows', label: 'Snowshoes, Fire, Cocoa & Marshmallows' },
  { slug: 'narvik-fjord-and-narvik-city-sightseeing', label: 'Narvik Fjord and City Sightseeing' },
  { slug: 'tour-to-narvik-from-abisko', label: 'Tour to Narvik from Abisko' },
  { slug: 'morning-hike-in-abisko-national-park', label: 'Morning Hike in Abisko National Park' },
];

export function HomePage() {
  const { latestPost, faqPreview } = useLoaderData() as HomeData;
  return (
    <>
      <section className="hero">
        <div className="hero__text">
          <h1>Arctic adventures in Kiruna and Abisko</h1>
          <p className="hero__subtitle">
            Northern Lights, huskies, reindeer and wild silence in Swedish Lapland, in small groups of at most 8 guests with local guides since
            2005.
          </p>
        </div>
        <aside className="ai-welcome" aria-labelledby="ai-welcome-title">
          <h2 id="ai-welcome-title">Meet your AI travel guide</h2>
          <p>Not sure which tour fits your trip? Ask our AI guide about the aurora, the weather, what to wear or the right tour for your dates.</p>
        </aside>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Popular tours</h2>
        <ul className="popular-links">
          {POPULAR_TOURS.map((tour) => (
            <li key={tour.slug}>
              <Link to={`/tours/${tour.slug}/`}>{tour.label}</Link>
            </li>
          ))}
        </ul>
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
            <img src="/images/art/kiruna.svg" alt="Kiruna's hills and the Torne valley under a winter sky" width={1200} height={800} loading="lazy" />
            <h3>Kiruna</h3>
            <p>Sweden's northernmost town: huskies, snowmobiles, reindeer, the Icehotel and aurora chases to wherever the sky is clear.</p>
            <Link to="/tours/?location=Kiruna">Kiruna tours</Link>
          </article>
          <article className="destination-card">
            <img src="/images/art/abisko.svg" alt="Lake Torneträsk and the Lapporten valley near Abisko" width={1200} height={800} loading="lazy" />
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
        <h2 id="stays-title">Stay with us</h2>
        <p>
          Add a night in a{' '}
          <a href="https://www.glassigloo-kiruna.se/" target="_blank" rel="noopener">
            glass igloo at our partner camp
          </a>{' '}
          or at our sister guesthouse to any tour when you book.
        </p>
      </section>
      <div id="ai-guide-root" />
    </>
  );
}
