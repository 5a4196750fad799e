import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';

import type { Lang } from '../../../shared/languages';
import { isDuplicateKey, writeTransaction } from '../../database/transactions';
import { AuditLogService } from '../audit/audit-log.service';
import { ContentTranslation, type TranslatedSubject } from './content-translation.entity';
import { translated } from './translated';

/** Content's fields in Swedish and German (content_translations), for the modules whose content it is. */
@Injectable()
export class ContentTranslations {
  constructor(
    @InjectRepository(ContentTranslation) private readonly rows: Repository<ContentTranslation>,
    private readonly audit: AuditLogService,
  ) {}

  /** `rows` of `subject` in `lang`: each field translated where it is, English where not. */
  async inLanguage<Row extends { id: number }, Field extends keyof Row & string>(subject: TranslatedSubject, rows: Row[], lang: Lang, fields: readonly Field[]): Promise<Row[]> {
    if (lang === 'en' || rows.length === 0) return rows;
    return translated(rows, await this.rows.findBy({ subject, language: lang }), fields);
  }

  /**
   * Views of `subject` for staff, each with its fields in Swedish and German, or null for a
   * language it has none of (guests then read English): what the admin shows as missing.
   */
  async withTranslations<View extends { id: number }, Field extends string>(
    subject: TranslatedSubject,
    views: View[],
    fields: readonly Field[],
  ): Promise<(View & { translations: Record<'sv' | 'de', Record<Field, string> | null> })[]> {
    const found = await this.of(subject, views.map((view) => view.id));
    const inLanguage = (id: number, lang: 'sv' | 'de'): Record<Field, string> | null => {
      const own = found.get(id)?.get(lang);
      return own && fields.some((field) => own[field]) ? (Object.fromEntries(fields.map((field) => [field, own[field] ?? ''])) as Record<Field, string>) : null;
    };
    return views.map((view) => ({ ...view, translations: { sv: inLanguage(view.id, 'sv'), de: inLanguage(view.id, 'de') } }));
  }

  /** Each of `ids`' translated fields, by id and language: what staff see, and what is missing. */
  async of(subject: TranslatedSubject, ids: number[]): Promise<Map<number, Map<Lang, Record<string, string>>>> {
    const found = new Map<number, Map<Lang, Record<string, string>>>();
    if (ids.length === 0) return found;
    for (const row of await this.rows.findBy({ subject, subjectId: In(ids) })) {
      if (!found.has(row.subjectId)) found.set(row.subjectId, new Map());
      const byLang = found.get(row.subjectId)!;
      byLang.set(row.language, { ...byLang.get(row.language), [row.field]: row.text });
    }
    return found;
  }

  /**
   * Staff set one item's fields in a language, all at once and in one transaction: the fields
   * given replace those there were, and an empty one is removed (the guest then reads English).
   * Announced as any content change is, so kept pages in that language are made again.
   */
  async put(subject: TranslatedSubject, subjectId: number, language: Lang, fields: Record<string, string>, staffEmail: string): Promise<void> {
    // Two first saves at once both insert the fields; the one that loses the unique key does its save again over the other's.
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeTransaction(this.rows.manager.connection, async (manager) => {
          const repository = manager.getRepository(ContentTranslation);
          const before = Object.fromEntries((await repository.findBy({ subject, subjectId, language })).map((row) => [row.field, row.text]));
          await repository.delete({ subject, subjectId, language, field: In(Object.keys(fields)) });
          const kept = Object.entries(fields).filter(([, text]) => text.trim() !== '');
          if (kept.length) await repository.insert(kept.map(([field, text]) => ({ subject, subjectId, language, field, text: text.trim() })));
          await this.audit.record(staffEmail, `${subject}.translate`, `${subject}#${subjectId}`, { language, before, after: Object.fromEntries(kept) }, manager);
        });
      } catch (error) {
        if (attempt >= 3 || !isDuplicateKey(error)) throw error;
      }
    }
  }
}

@Module({
  imports: [TypeOrmModule.forFeature([ContentTranslation])],
  providers: [ContentTranslations],
  exports: [ContentTranslations],
})
export class ContentTranslationsModule {}
