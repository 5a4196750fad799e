import { BadRequestException, Injectable } from '@nestjs/common';

import type { TourOptionWordsView } from '../../shared/admin-types';
import type { Lang } from '../../shared/languages';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { BookingOptionsEditor } from './booking-options-editor.service';
import { optionField } from './tour-translations';

/** The longest name or label a translation may give (as the English ones). */
const MAX_WORDS = 200;

/**
 * Staff name a tour's price categories and label its questions in Swedish and German: the
 * tour's words (content_translations, subject `tour`), a field per category and question code.
 */
@Injectable()
export class TourOptionWords {
  constructor(
    private readonly options: BookingOptionsEditor,
    private readonly translations: ContentTranslations,
  ) {}

  /** The tour's categories and questions as fields to translate, and their words in each language (null: none yet). */
  async view(tourId: number): Promise<TourOptionWordsView> {
    const fields = await this.fields(tourId);
    const found = (await this.translations.of('tour', [tourId])).get(tourId);
    const inLanguage = (lang: 'sv' | 'de') => {
      const own = found?.get(lang) ?? {};
      return fields.some((field) => own[field.name]) ? Object.fromEntries(fields.map((field) => [field.name, own[field.name] ?? ''])) : null;
    };
    return { id: tourId, fields, translations: { sv: inLanguage('sv'), de: inLanguage('de') } };
  }

  /** Sets one language's names and labels together (an empty one is removed: guests read the English). */
  async put(tourId: number, lang: Exclude<Lang, 'en'>, words: Record<string, unknown>, staffEmail: string): Promise<TourOptionWordsView> {
    const fields = await this.fields(tourId);
    const known = new Set(fields.map((field) => field.name));
    const unknown = Object.keys(words).filter((name) => !known.has(name));
    if (unknown.length) throw new BadRequestException(`Turen har ingen priskategori eller fråga ${unknown.join(', ')}.`);
    for (const [name, value] of Object.entries(words)) {
      if (typeof value !== 'string') throw new BadRequestException(`${name} måste vara text.`);
      if (value.length > MAX_WORDS) throw new BadRequestException(`${name} får vara högst ${MAX_WORDS} tecken.`);
    }
    await this.translations.put('tour', tourId, lang, Object.fromEntries(fields.map((field) => [field.name, String(words[field.name] ?? '')])), staffEmail);
    return this.view(tourId);
  }

  private async fields(tourId: number): Promise<TourOptionWordsView['fields']> {
    const { priceCategories, questions } = await this.options.get(tourId);
    return [
      ...priceCategories.map((category) => ({ name: optionField.category(category.code), label: `Priskategori: ${category.name}` })),
      ...questions.map((question) => ({ name: optionField.question(question.code), label: `Fråga: ${question.label}` })),
    ];
  }
}
