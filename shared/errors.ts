/** The server answered, but not with the shape the page needs. */
export class InvalidDataError extends Error {}

/** The server refused a call; `status` says why (404, 429, …; 0: it could not be reached), `fields` which input was wrong. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a failed call says, whatever was thrown: an ApiError as it is, anything else as "something went wrong". */
export function asApiError(error: unknown, fallback = 'Something went wrong. Please try again.'): ApiError {
  return isApiError(error) ? error : new ApiError(0, fallback);
}

/**
 * An ApiError from either side: the server's in-process API and the SSR bundle each have their
 * own copy of the class, so the check is by shape, not `instanceof`.
 */
export const isApiError = (error: unknown): error is ApiError =>
  error instanceof Error && error.name === 'ApiError' && typeof (error as { status?: unknown }).status === 'number';
