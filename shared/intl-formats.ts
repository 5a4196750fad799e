/**
 * Intl formatters made once for each locale and set of options, and shared: making one costs
 * some 0.1 ms of ICU work, using it a microsecond or two. A tour page names a dozen dates
 * through several formatters, and each page made afresh on the server would make them again.
 * The options come from code, never from a visitor, so the number kept stays small.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, the same object for the same arguments. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
