import { decode } from 'he';
import sanitizeHtml from 'sanitize-html';

/**
 * Plain text from editors' markup: tags stripped, entities (quotes too) decoded, whitespace
 * collapsed. A tag ends before the next "<": `[^>]*` ran to the end of the text from every "<p"
 * of markup without a ">" (quadratic).
 */
const BLOCK_TAG = /<\/?(p|div|h[1-6]|li|ul|ol|br|hr|blockquote|figure|figcaption|table|tr|td|th|section|article)\b[^<>]*>/gi;

export function cleanText(markup: string): string {
  // Block elements separate words; inline ones (<b>, <a>) do not.
  const spaced = markup.replace(BLOCK_TAG, ' $& ');
  const stripped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
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
