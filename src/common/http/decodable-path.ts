/**
 * Whether every percent-escape in a URL path stands for UTF-8 text. A path that does not
 * (`/tours/%E0%A4%A/`, `/blog/%ZZ/`) names no page or resource: the router cannot read it.
 */
export function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
