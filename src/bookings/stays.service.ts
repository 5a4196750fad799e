import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { CatalogueCache } from '../common/cache/catalogue-cache';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import type { StayPackageView } from '../../shared/api-types';
import type { Lang } from '../../shared/languages';
import { StayPackage } from './stay-package.entity';

/** A stay as the site shows it. */
export function mapStayPackage({ id, slug, name, description, nights, priceSek, maxGuests, vatRate, imageUrl, imageAlt, imageVariants, partnerUrl }: StayPackage): StayPackageView {
  return { id, slug, name, description, nights, priceSek, maxGuests, vatRate, imageUrl, imageAlt, imageVariants, partnerUrl };
}

@Injectable()
export class StaysService {
  constructor(
    @InjectRepository(StayPackage) private readonly stays: Repository<StayPackage>,
    private readonly cache: CatalogueCache,
    private readonly translations: ContentTranslations,
  ) {}

  /** The stays on sale, their names and descriptions in `lang` where translated, else English. */
  list(lang: Lang = 'en'): Promise<StayPackageView[]> {
    return this.cache.read(lang === 'en' ? 'stays' : `stays/${lang}`, async () => this.translations.inLanguage('stay', await this.load(), lang, ['name', 'description'] as const));
  }

  private async load(): Promise<StayPackageView[]> {
    const stays = await this.stays.find({ where: { isActive: true }, order: { priceSek: 'DESC' } });
    return stays.map(mapStayPackage);
  }
}
