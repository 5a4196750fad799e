/** The server answered, but not with the shape the page needs. */
export class InvalidDataError extends Error {}

/** The server refused a page's data call; `status` says why (404, 429, …). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
