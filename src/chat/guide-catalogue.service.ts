import { Injectable } from '@nestjs/common';

import { BlogService } from '../blog/blog.service';
import { StaysService } from '../bookings/stays.service';
import { cleanText } from '../common/text/clean-text';
import type { StayPackageView } from '../../shared/api-types';
import { AppConfig } from '../config/app-config';
import { FaqService } from '../faq/faq.service';
import { StripeService } from '../stripe/stripe.service';
import { ToursService } from '../tours/tours.service';
import { BuiltInGuide } from './guide/built-in-guide';
import { toGuideTour, type GuideCatalogue } from './guide/guide-catalogue';
import { clock } from '../common/clock';

const REFRESH_MS = 60_000;

const guideStay = (stay: StayPackageView) => ({ name: stay.name, priceSek: stay.priceSek, maxGuests: stay.maxGuests, description: stay.description });

/** The built-in guide over the live catalogue, rebuilt at most once a minute. */
@Injectable()
export class GuideCatalogueService {
  private cached?: { guide: BuiltInGuide; catalogue: GuideCatalogue; at: number };

  constructor(
    private readonly tours: ToursService,
    private readonly stays: StaysService,
    private readonly faq: FaqService,
    private readonly blog: BlogService,
    private readonly config: AppConfig,
    private readonly stripe: StripeService,
  ) {}

  async guide(now = clock.now().getTime()): Promise<{ guide: BuiltInGuide; catalogue: GuideCatalogue }> {
    if (!this.cached || now - this.cached.at > REFRESH_MS) {
      const catalogue = await this.load();
      this.cached = { guide: new BuiltInGuide(catalogue), catalogue, at: now };
    }
    return this.cached;
  }

  private async load(): Promise<GuideCatalogue> {
    const [tours, toursSv, toursDe, stays, staysSv, staysDe, faq, faqSv, faqDe, posts, prices, pricesSv, pricesDe] = await Promise.all([
      this.tours.publishedRecords(),
      this.tours.list({}, 'sv'),
      this.tours.list({}, 'de'),
      this.stays.list(),
      this.stays.list('sv'),
      this.stays.list('de'),
      this.faq.list(),
      this.faq.list('sv'),
      this.faq.list('de'),
      this.blog.published(50),
      this.tours.priceListByTour(),
      this.tours.priceListByTour('sv'),
      this.tours.priceListByTour('de'),
    ]);
    const [words, questions, minimums] = await Promise.all([this.tours.guideWordsByTour(tours.map((tour) => tour.id)), this.tours.questionsByTour(tours.map((tour) => tour.id)), this.tours.minimumsByTour()]);
    const namesIn = (list: Map<number, { code: string; name: string }[]>, tourId: number) => Object.fromEntries((list.get(tourId) ?? []).map((category) => [category.code, category.name]));
    return {
      tours: tours.map((tour) => {
        const [sv, de] = [toursSv, toursDe].map((list) => list.find((item) => item.id === tour.id));
        return {
          ...toGuideTour(tour, cleanText),
          prices: prices.get(tour.id) ?? [],
          questions: questions.get(tour.id) ?? [],
          minimum: minimums.get(tour.id),
          inLanguages: {
            ...(sv ? { sv: { title: sv.title, shortDescription: sv.short_description, categories: namesIn(pricesSv, tour.id), pickupPlaces: sv.locations, ...words.get(tour.id)?.sv } } : {}),
            ...(de ? { de: { title: de.title, shortDescription: de.short_description, categories: namesIn(pricesDe, tour.id), pickupPlaces: de.locations, ...words.get(tour.id)?.de } } : {}),
          },
          otherWords: [sv, de].map((item) => item?.short_description ?? '').join(' '),
        };
      }),
      stays: stays.map(guideStay),
      staysIn: { sv: staysSv.map(guideStay), de: staysDe.map(guideStay) },
      faq: faq.map((item) => ({ question: item.question, answer: item.answer })),
      faqIn: { sv: faqSv.map((item) => ({ question: item.question, answer: item.answer })), de: faqDe.map((item) => ({ question: item.question, answer: item.answer })) },
      posts: posts.map((post) => ({ slug: post.slug, title: post.title, excerpt: cleanText(post.excerpt), text: cleanText(post.content) })),
      terms: { holdMinutes: this.config.holdMinutes, cancelFreeHours: this.config.cancelFreeHours, checkout: this.stripe.checkoutMethod },
    };
  }
}
