import { Module } from '@nestjs/common';

import { BlogModule } from '../blog/blog.module';
import { FaqModule } from '../faq/faq.module';
import { ToursModule } from '../tours/tours.module';
import { PagesController } from './pages.controller';
import { SsrService } from './ssr.service';

@Module({
  imports: [ToursModule, BlogModule, FaqModule],
  controllers: [PagesController],
  providers: [SsrService],
  exports: [SsrService],
})
export class SsrModule {}
