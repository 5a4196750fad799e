import { decode } from 'he';
import sanitizeHtml from 'sanitize-html';

/** Plain text from editors' markup: tags stripped, entities (quotes too) decoded, whitespace collapsed. */
export function cleanText(markup: string): string {
  const stripped = sanitizeHtml(markup, { allowedTags: [], allowedAttributes: {} });
  return decode(stripped).replace(/\s+/g, ' ').trim();
}

/** Plain text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function excerpt(markup: string, max: number): string {
  const text = cleanText(markup);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2));
  return `${atWord.trimEnd()}…`;
}
