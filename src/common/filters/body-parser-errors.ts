import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Express error middleware placed right after the body parsers: their errors become HTTP
 * exceptions with plain words before Nest turns a SyntaxError into its raw message.
 */
export function translateBodyParserErrors(error: unknown, _request: Request, _response: Response, next: NextFunction): void {
  const type = (error as { type?: string } | undefined)?.type;
  if (type === 'entity.parse.failed') return next(new BadRequestException('The request body is not valid JSON.'));
  if (type === 'entity.too.large') return next(new PayloadTooLargeException('The request body is too large.'));
  if (type && (error as { status?: number }).status === 415) return next(new HttpException('The request body has an unsupported encoding.', 415));
  next(error);
}
