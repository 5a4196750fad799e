import { Module } from '@nestjs/common';

import { BlogModule } from '../blog/blog.module';
import { BookingsModule } from '../bookings/bookings.module';
import { FaqModule } from '../faq/faq.module';
import { ToursModule } from '../tours/tours.module';
import { PagesController } from './pages.controller';
import { SeoController } from './seo.controller';
import { SsrService } from './ssr.service';

@Module({
  imports: [ToursModule, BlogModule, FaqModule, BookingsModule],
  // SeoController first: the page route catches every other path.
  controllers: [SeoController, PagesController],
  providers: [SsrService],
  exports: [SsrService],
})
export class SsrModule {}
