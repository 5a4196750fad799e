/** A CSV cell, always quoted; a leading = + - @ would run as a formula in a spreadsheet, so it gets a ' before it. */
export const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A CSV file as spreadsheets open it: a byte-order mark (UTF-8 for Excel), a header, CR LF line ends. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly unknown[])[]): string => `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
