import type { ContentTranslation } from './content-translation.entity';

/**
 * Content in another language: each row's fields replaced by their translations where there
 * are any (English, the row's own, where a field has none: a guest always reads something).
 */
export function translated<Row extends { id: number }, Field extends keyof Row & string>(rows: Row[], translations: Pick<ContentTranslation, 'subjectId' | 'field' | 'text'>[], fields: readonly Field[]): Row[] {
  const byRow = new Map<number, Map<string, string>>();
  for (const { subjectId, field, text } of translations) {
    if (!byRow.has(subjectId)) byRow.set(subjectId, new Map());
    byRow.get(subjectId)!.set(field, text);
  }
  return rows.map((row) => {
    const own = byRow.get(row.id);
    if (!own) return row;
    return { ...row, ...Object.fromEntries(fields.flatMap((field) => (own.get(field)?.trim() ? [[field, own.get(field)]] : []))) };
  });
}

/** A translated field's text, or undefined when it has none (empty or blank): the guest then reads the English. */
export const translatedText = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** A translated list (a line per item), or undefined when it has no item. */
export function translatedLines(value: string | undefined): string[] | undefined {
  const items = value?.split('\n').map((line) => line.trim()).filter(Boolean);
  return items?.length ? items : undefined;
}
