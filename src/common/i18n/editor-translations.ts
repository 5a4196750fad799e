import type { Lang } from '../../../shared/languages';
import type { TranslatedSubject } from './content-translation.entity';
import type { ContentTranslations } from './content-translations.service';

type Translated<View, Field extends string> = View & { translations: Record<'sv' | 'de', Record<Field, string> | null> };

/**
 * What a content editor shows and does of its content's other languages: its views with their
 * Swedish and German fields (null where missing), and staff setting one language's fields.
 */
export class EditorTranslations<View extends { id: number }, Field extends string> {
  constructor(
    private readonly translations: ContentTranslations,
    private readonly subject: TranslatedSubject,
    private readonly fields: readonly Field[],
    /** The view of one item, or a 404 when there is none. */
    private readonly get: (id: number) => Promise<View>,
  ) {}

  async list(views: Promise<View[]>): Promise<Translated<View, Field>[]> {
    return this.translations.withTranslations(this.subject, await views, this.fields);
  }

  async one(view: Promise<View>): Promise<Translated<View, Field>> {
    return (await this.list(view.then((one) => [one])))[0]!;
  }

  /** Sets one language's fields (empty: removed; left out: left as they are), then the item as staff see it. */
  async translate(id: number, lang: Exclude<Lang, 'en'>, words: Partial<Record<Field, string>>, staffEmail: string): Promise<Translated<View, Field>> {
    await this.get(id);
    const given = this.fields.filter((field) => words[field] !== undefined);
    await this.translations.put(this.subject, id, lang, Object.fromEntries(given.map((field) => [field, words[field]!])), staffEmail);
    return this.one(this.get(id));
  }
}
