import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

interface ParserError {
  type?: string;
  status?: number;
  /** The text that failed to parse. */
  body?: string;
}

/** JSON that parses but is no object or list (`null`, `"x"`, `1`): the strict parser refuses it. */
function isBareJsonValue(text: string | undefined): boolean {
  if (text === undefined || /^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Express error middleware placed right after the body parsers: their errors become HTTP
 * exceptions with plain words before Nest turns a SyntaxError into its raw message (or zlib's
 * "incorrect header check" would reach the visitor).
 */
export function translateBodyParserErrors(error: unknown, request: Request, _response: Response, next: NextFunction): void {
  const { type, status, body } = (error ?? {}) as ParserError;
  if (type === 'entity.parse.failed') {
    return next(new BadRequestException(isBareJsonValue(body) ? 'The request body must be a JSON object.' : 'The request body is not valid JSON.'));
  }
  if (type === 'entity.too.large') return next(new PayloadTooLargeException('The request body is too large.'));
  if (type && status === 415) return next(new HttpException('The request body has an unsupported encoding.', 415));
  // The parsers' own refusals all have a type; one without, on a compressed body, is the decompressor's (zlib's or brotli's).
  if (status === 400 && !type && request.headers['content-encoding']) return next(new BadRequestException('The request body could not be decompressed as its Content-Encoding says.'));
  next(error);
}
