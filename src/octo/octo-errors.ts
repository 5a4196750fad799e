import { HttpException, HttpStatus } from '@nestjs/common';

import { toErrorBody } from '../common/filters/all-exceptions.filter';

/** The error codes of the OCTO specification (and TOO_MANY_REQUESTS for a key over its rate). */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR';

/** An OCTO error answer: `{ error, errorMessage }` and, for an invalid id, the id. */
export interface OctoErrorBody {
  error: OctoErrorCode;
  errorMessage: string;
  [id: string]: string;
}

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

/** A refusal in OCTO's words. */
export class OctoError extends HttpException {
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    readonly ids: Record<string, string> = {},
  ) {
    super({ error: code, errorMessage: message, ...ids }, STATUS[code]);
  }
}

/** Anything thrown while answering an OCTO call, as OCTO's status and body; never a stack trace. */
export function toOctoError(exception: unknown): { status: number; body: OctoErrorBody } {
  if (exception instanceof OctoError) return { status: exception.getStatus(), body: exception.getResponse() as OctoErrorBody };
  const code = (exception as { code?: unknown })?.code;
  const { statusCode, message } = toErrorBody(exception);
  // The booking lifecycle's refusals for resellers name their OCTO code.
  if (typeof code === 'string' && code in STATUS && exception instanceof HttpException) return { status: STATUS[code as OctoErrorCode], body: { error: code as OctoErrorCode, errorMessage: message } };
  const mapped: OctoErrorCode =
    statusCode === HttpStatus.UNAUTHORIZED
      ? 'UNAUTHORIZED'
      : statusCode === HttpStatus.FORBIDDEN
        ? 'FORBIDDEN'
        : statusCode === HttpStatus.TOO_MANY_REQUESTS
          ? 'TOO_MANY_REQUESTS'
          : statusCode === HttpStatus.CONFLICT || statusCode === HttpStatus.GONE
            ? 'UNPROCESSABLE_ENTITY'
            : statusCode >= 500
              ? 'INTERNAL_SERVER_ERROR'
              : 'BAD_REQUEST';
  return { status: STATUS[mapped], body: { error: mapped, errorMessage: message } };
}
