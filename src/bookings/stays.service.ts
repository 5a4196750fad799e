import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { CatalogueCache } from '../common/cache/catalogue-cache';
import type { StayPackageView } from '../../shared/api-types';
import { StayPackage } from './stay-package.entity';

/** A stay as the site shows it. */
export function mapStayPackage({ id, slug, name, description, nights, priceSek, maxGuests, imageUrl, imageAlt, imageVariants, partnerUrl }: StayPackage): StayPackageView {
  return { id, slug, name, description, nights, priceSek, maxGuests, imageUrl, imageAlt, imageVariants, partnerUrl };
}

@Injectable()
export class StaysService {
  constructor(
    @InjectRepository(StayPackage) private readonly stays: Repository<StayPackage>,
    private readonly cache: CatalogueCache,
  ) {}

  list(): Promise<StayPackageView[]> {
    return this.cache.read('stays', () => this.load());
  }

  private async load(): Promise<StayPackageView[]> {
    const stays = await this.stays.find({ where: { isActive: true }, order: { priceSek: 'DESC' } });
    return stays.map(mapStayPackage);
  }
}
