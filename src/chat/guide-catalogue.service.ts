import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThanOrEqual } from 'typeorm';

import { BlogPost } from '../blog/blog-post.entity';
import { StayPackage } from '../bookings/stay-package.entity';
import { cleanText } from '../common/text/clean-text';
import { AppConfig } from '../config/app-config';
import { FaqItem } from '../faq/faq-item.entity';
import { Tour } from '../tours/tour.entity';
import { BuiltInGuide } from './guide/built-in-guide';
import { toGuideTour, type GuideCatalogue } from './guide/guide-catalogue';

const REFRESH_MS = 60_000;

/** The built-in guide over the live catalogue, rebuilt at most once a minute. */
@Injectable()
export class GuideCatalogueService {
  private cached?: { guide: BuiltInGuide; catalogue: GuideCatalogue; at: number };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async guide(now = Date.now()): Promise<{ guide: BuiltInGuide; catalogue: GuideCatalogue }> {
    if (!this.cached || now - this.cached.at > REFRESH_MS) {
      const catalogue = await this.load();
      this.cached = { guide: new BuiltInGuide(catalogue), catalogue, at: now };
    }
    return this.cached;
  }

  private async load(): Promise<GuideCatalogue> {
    const [tours, stays, faq, posts] = await Promise.all([
      this.dataSource.getRepository(Tour).find({ where: { isActive: true }, relations: { categories: true, locations: true } }),
      this.dataSource.getRepository(StayPackage).find({ where: { isActive: true } }),
      this.dataSource.getRepository(FaqItem).find({ order: { sortOrder: 'ASC' } }),
      this.dataSource.getRepository(BlogPost).find({ where: { publishedAt: LessThanOrEqual(new Date()), isDraft: false }, order: { publishedAt: 'DESC' }, take: 50 }),
    ]);
    return {
      tours: tours.map((tour) =>
        toGuideTour({ ...tour, categories: tour.categories.map((category) => category.name), locations: tour.locations.map((location) => location.name) }, cleanText),
      ),
      stays: stays.map((stay) => ({ name: stay.name, priceSek: stay.priceSek, maxGuests: stay.maxGuests, description: stay.description })),
      faq: faq.map((item) => ({ question: item.question, answer: item.answer })),
      posts: posts.map((post) => ({ slug: post.slug, title: post.title, excerpt: cleanText(post.excerpt), text: cleanText(post.content) })),
      terms: { holdMinutes: this.config.holdMinutes, cancelFreeHours: this.config.cancelFreeHours },
    };
  }
}
