import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BookingsModule } from '../bookings/bookings.module';
import { OctoAuthGuard } from './octo-auth.guard';
import { OctoCatalogue } from './octo-catalogue';
import { OctoBookingViews } from './octo-booking-views';
import { OctoController } from './octo.controller';
import { OctoRoutesMiddleware } from './octo-routes.middleware';
import { Reseller } from './reseller.entity';
import { ResellerWebhooks } from './reseller-webhooks.service';
import { ResellersController } from './resellers.controller';
import { ResellersService } from './resellers.service';

/** Resellers sell through the OCTO supplier API at /octo/ (docs/api.md, "Selling through resellers"). */
@Module({
  imports: [TypeOrmModule.forFeature([Reseller]), BookingsModule],
  controllers: [OctoController, ResellersController],
  exports: [ResellerWebhooks],
  providers: [OctoCatalogue, OctoBookingViews, OctoAuthGuard, ResellersService, ResellerWebhooks],
})
export class OctoModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OctoRoutesMiddleware).forRoutes({ path: 'octo/*path', method: RequestMethod.ALL }, { path: 'octo', method: RequestMethod.ALL });
  }
}
