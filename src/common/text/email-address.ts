/** Characters that may stand in an address's local part (RFC 5322 atext, dots, and letters of any script). */
const LOCAL_PART = "\\p{L}\\p{N}.!#$%&'*+/=?^_`{|}~-";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` names the address `email`, case-insensitively, as an address of its own: not
 * inside a longer one. `a@example.com` is not in `anna@example.com`, `x.a@example.com` or
 * `a@example.com.au`, but it is in "Mail a@example.com, please" and in `mailto:A@Example.com`.
 */
export function mentionsAddress(text: string, email: string): boolean {
  const address = new RegExp(`(?<![${LOCAL_PART}])${escapeRegExp(email.trim())}(?![\\p{L}\\p{N}_-]|\\.[\\p{L}\\p{N}])`, 'iu');
  return address.test(text);
}
