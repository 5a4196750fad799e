import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { PromoCodeBook } from './promo-code-book.service';
import { PromoCode } from './promo-code.entity';
import { PromoTries } from './promo-tries.limiter';

/** Promo codes: staff's book of them, the limit on codes tried; the rules of one are in promo-rules.ts, its uses counted where bookings are (bookings/lifecycle/promo-redemption.ts). */
@Module({
  imports: [TypeOrmModule.forFeature([PromoCode])],
  providers: [PromoCodeBook, PromoTries],
  exports: [PromoCodeBook, PromoTries],
})
export class PromoCodesModule {}
