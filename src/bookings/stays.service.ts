import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import type { StayPackageView } from '../../client/api/types';
import { StayPackage } from './stay-package.entity';

@Injectable()
export class StaysService {
  constructor(@InjectRepository(StayPackage) private readonly stays: Repository<StayPackage>) {}

  async list(): Promise<StayPackageView[]> {
    const stays = await this.stays.find({ where: { isActive: true }, order: { priceSek: 'DESC' } });
    return stays.map(({ id, slug, name, description, nights, priceSek, maxGuests, imageUrl, partnerUrl }) => ({
      id,
      slug,
      name,
      description,
      nights,
      priceSek,
      maxGuests,
      imageUrl,
      partnerUrl,
    }));
  }
}
