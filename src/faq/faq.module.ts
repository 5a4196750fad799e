import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { FaqController } from './faq.controller';
import { FaqItem } from './faq-item.entity';
import { FaqEditor } from './faq-editor.service';
import { FaqService } from './faq.service';

@Module({
  imports: [TypeOrmModule.forFeature([FaqItem]), ContentTranslationsModule],
  controllers: [FaqController],
  providers: [FaqService, FaqEditor],
  exports: [FaqService, FaqEditor],
})
export class FaqModule {}
