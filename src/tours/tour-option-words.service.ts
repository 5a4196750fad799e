import { BadRequestException, Injectable } from '@nestjs/common';

import type { FieldWordsView } from '../../shared/admin-types';
import type { Lang } from '../../shared/languages';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { BookingOptionsEditor } from './booking-options-editor.service';
import { optionField } from './tour-translations';

/** A pickup point's words (content_translations, subject `pickup`). */
const PICKUP_FIELDS = ['name', 'address'] as const;

/** The longest name or label a translation may give (as the English ones). */
const MAX_WORDS = 200;

/** Every word given is a field of the form, and text of a sensible length: a 400 naming the first that is not. */
function checkWords(words: Record<string, unknown>, known: Set<string>, unknownMessage: string): void {
  const unknown = Object.keys(words).filter((name) => !known.has(name));
  if (unknown.length) throw new BadRequestException(`${unknownMessage} ${unknown.join(', ')}.`);
  for (const [name, value] of Object.entries(words)) {
    if (typeof value !== 'string') throw new BadRequestException(`${name} måste vara text.`);
    if (value.length > MAX_WORDS) throw new BadRequestException(`${name} får vara högst ${MAX_WORDS} tecken.`);
  }
}

/**
 * Staff name a tour's price categories and label its questions and their choices in Swedish and German (the
 * tour's words, content_translations subject `tour`, a field per category and question code),
 * and the pickup points' names and addresses (subject `pickup`).
 */
@Injectable()
export class TourOptionWords {
  constructor(
    private readonly options: BookingOptionsEditor,
    private readonly translations: ContentTranslations,
  ) {}

  /** The tour's categories and questions as fields to translate, and their words in each language (null: none yet). */
  async view(tourId: number): Promise<FieldWordsView> {
    const fields = await this.fields(tourId);
    const [{ translations }] = await this.translations.withTranslations('tour', [{ id: tourId }], fields.map((field) => field.name));
    return { id: tourId, fields, translations };
  }

  /** Sets one language's names and labels together (an empty one is removed: guests read the English). */
  async put(tourId: number, lang: Exclude<Lang, 'en'>, words: Record<string, unknown>, staffEmail: string): Promise<FieldWordsView> {
    const fields = await this.fields(tourId);
    checkWords(words, new Set(fields.map((field) => field.name)), 'Turen har ingen priskategori eller fråga');
    await this.translations.put('tour', tourId, lang, Object.fromEntries(fields.map((field) => [field.name, String(words[field.name] ?? '')])), staffEmail);
    return this.view(tourId);
  }

  /** Every pickup point's name and address as fields to translate, and their words in each language. */
  async pickupView(): Promise<FieldWordsView> {
    const points = await this.translations.withTranslations('pickup', await this.options.pickupPoints.list(), PICKUP_FIELDS);
    const fields = points.flatMap((point) => [
      { name: `${point.id}:name`, label: `${point.name}: namn` },
      { name: `${point.id}:address`, label: `${point.name}: adress` },
    ]);
    // One form for every point: a language is there when any point has it.
    const inLanguage = (lang: 'sv' | 'de') => {
      if (!points.some((point) => point.translations[lang])) return null;
      return Object.fromEntries(points.flatMap((point) => PICKUP_FIELDS.map((field) => [`${point.id}:${field}`, point.translations[lang]?.[field] ?? ''])));
    };
    return { id: 0, fields, translations: { sv: inLanguage('sv'), de: inLanguage('de') } };
  }

  /** Sets one language's pickup names and addresses, a point at a time (an empty one is removed). */
  async putPickups(lang: Exclude<Lang, 'en'>, words: Record<string, unknown>, staffEmail: string): Promise<FieldWordsView> {
    const points = await this.options.pickupPoints.list();
    const known = new Set(points.flatMap((point) => PICKUP_FIELDS.map((field) => `${point.id}:${field}`)));
    checkWords(words, known, 'Det finns ingen upphämtningsplats');
    for (const point of points) {
      const name = words[`${point.id}:name`];
      const address = words[`${point.id}:address`];
      if (name === undefined && address === undefined) continue;
      await this.translations.put('pickup', point.id, lang, { name: String(name ?? ''), address: String(address ?? '') }, staffEmail);
    }
    return this.pickupView();
  }

  private async fields(tourId: number): Promise<FieldWordsView['fields']> {
    const { priceCategories, questions } = await this.options.get(tourId);
    return [
      ...priceCategories.map((category) => ({ name: optionField.category(category.code), label: `Priskategori: ${category.name}` })),
      ...questions.flatMap((question) => [
        { name: optionField.question(question.code), label: `Fråga: ${question.label}` },
        ...(question.choices ?? []).map((choice) => ({ name: optionField.choice(question.code, choice), label: `Fråga: ${question.label}, alternativet ${choice}` })),
      ]),
    ];
  }
}
