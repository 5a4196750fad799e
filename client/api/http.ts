import { ApiError } from '../../shared/errors';
import { langOfPath, type Lang } from '../../shared/languages';

export interface RequestOptions {
  body?: unknown;
  /** A multipart body (an upload): sent as it is. */
  form?: FormData;
  /** Staff calls: the bearer token. */
  token?: string;
  signal?: AbortSignal;
  /** A file to download (a CSV): the body as a Blob instead of JSON. */
  raw?: boolean;
  /** The language of the messages: the page's unless given (staff screens give Swedish). */
  lang?: Lang;
}

const OWN_MESSAGES: Record<Lang, { offline: string; failed: string }> = {
  en: { offline: 'We could not reach our server. Please check your connection and try again.', failed: 'Something went wrong. Please try again.' },
  sv: { offline: 'Servern svarar inte. Kontrollera anslutningen och försök igen.', failed: 'Något gick fel. Försök igen.' },
  de: { offline: 'Wir haben unseren Server nicht erreicht. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.', failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es noch einmal.' },
};

/** The language of the page the call is made from (English on the server, which renders in process). */
const pageLanguage = (): Lang => (typeof window === 'undefined' ? 'en' : langOfPath(window.location.pathname));

/** Sends the call; a refusal or a failed connection throws the ApiError that says so. */
async function send(method: string, path: string, options: RequestOptions, accept: string): Promise<Response> {
  const lang = options.lang ?? pageLanguage();
  const messages = OWN_MESSAGES[lang];
  // The server's refusals come back in the page's language too.
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': lang };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, signal: options.signal, body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, messages.offline);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { message?: unknown; fields?: Record<string, string[]> } | undefined;
    throw new ApiError(response.status, typeof body?.message === 'string' ? body.message : messages.failed, body?.fields);
  }
  return response;
}

/**
 * Every call the browser makes to /api goes through here: JSON in and out, and one error
 * convention for the site, the booking pages, the guide and the admin. A refusal throws an
 * ApiError with the server's status, message and, for a 400, the bad fields; a network failure
 * throws one with status 0. Callers catch it with `asApiError`.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  if (options.raw) return (await response.blob()) as T;
  return (await response.json()) as T;
}

/** A streamed answer (the guide's server-sent events): the body to read, or the same ApiError as any call. */
export async function apiStream(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<ReadableStream<Uint8Array>> {
  const response = await send('POST', path, { ...options, body }, 'text/event-stream');
  if (!response.body) throw new ApiError(0, OWN_MESSAGES[options.lang ?? 'en'].failed);
  return response.body;
}
