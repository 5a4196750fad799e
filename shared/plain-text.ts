/** Text as people type it, for the server and the pages alike. */
/**
 * Characters a person never means to type: C0 controls (null bytes included) except tab and
 * line break, DEL, C1 controls, bidirectional overrides and isolates (which make text read
 * differently than it is stored), and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNTYPED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * A run of blanks with a tab or line break in it is one space; spaces alone stay as they are.
 * Found run by run, in time linear in the text: the pattern `[ \t]*[\t\n][ \t\n]*` tried every
 * space of a long run as a start, 3.3 s for 95 KB of them in a contact form's name.
 */
const joinLine = (run: string): string => (/[\t\n]/.test(run) ? ' ' : run);

/**
 * Text as people typed it: line endings as `\n`, untyped characters removed, trimmed. A single
 * line (a name, a hotel) also has its tabs and line breaks turned into spaces.
 */
export function plainText(value: string, shape: 'line' | 'lines'): string {
  const text = value.replace(/\r\n?/g, '\n').replace(UNTYPED, '');
  return (shape === 'line' ? text.replace(/[ \t\n]+/g, joinLine) : text).trim();
}

