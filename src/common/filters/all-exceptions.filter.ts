import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

import { allowedMethods } from '../http/allowed-methods';
import { isDecodablePath } from '../http/decodable-path';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './database-unavailable';
import { refusalIn, requestLanguage } from '../i18n/refusals';
import { inStaffWords } from '../i18n/staff-errors';
import { isWorded } from './guest-refusal.exception';
import { RetryLaterException } from './retry-later.exception';

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  fields?: Record<string, string[]>;
  /** Why, as a word a program can read (a gift card's `expired`, `void`, …), where the refusal gives one. */
  reason?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Errors raised by Express's body parsers carry a status and a type, not an HttpException. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

const PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'encoding.unsupported': 'The request body has an unsupported encoding.',
  'charset.unsupported': 'The request body has an unsupported charset.',
  'request.aborted': 'The request was aborted.',
};

/** Any thrown thing as the API's error body; never a stack trace. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const body = typeof response === 'string' ? { message: response } : (response as Partial<ErrorBody> & { message?: unknown });
    const message = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? exception.message);
    return { statusCode: status, message, error: body.error ?? REASONS[status] ?? 'Error', ...(body.fields ? { fields: body.fields } : {}), ...(typeof body.reason === 'string' ? { reason: body.reason } : {}) };
  }
  if (isDatabaseUnavailable(exception)) return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE, error: REASONS[503] };
  const parser = exception as ParserError | undefined;
  const status = parser?.status ?? parser?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = (parser?.type && PARSER_MESSAGES[parser.type]) ?? (parser?.expose ? parser.message : undefined) ?? REASONS[status] ?? 'Bad Request';
    return { statusCode: status, message, error: REASONS[status] ?? 'Bad Request' };
  }
  return {
    statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
    message: 'Something went wrong on our side. Please try again in a moment.',
    error: REASONS[500],
  };
}

/** Nest's answer to a request no route takes: "Cannot DELETE /api/tours". */
const NO_ROUTE = /^Cannot \w+ \S+$/;

/**
 * A request to an API path that routes answer, with a method none of them takes: a 405 that
 * says which they take (and its `Allow`), not a 404 that says the path is not there.
 */
function methodNotAllowed(exception: unknown, request: Request): { body: ErrorBody; allow: string } | undefined {
  if (!(exception instanceof HttpException) || exception.getStatus() !== HttpStatus.NOT_FOUND || !NO_ROUTE.test(exception.message) || !request.path.startsWith('/api/')) return undefined;
  const allowed = allowedMethods(request);
  if (allowed.length === 0) return undefined;
  const message = `${request.method} is not allowed on ${request.path}: it takes ${allowed.join(', ')}.`;
  return { body: { statusCode: HttpStatus.METHOD_NOT_ALLOWED, message, error: REASONS[405]! }, allow: allowed.join(', ') };
}

/** Renders the site's 404 page in the language of `path` (the SSR module gives it; common/ knows no pages). */
export type RenderNotFound = (path: string) => Promise<string>;

/**
 * The one exception filter: API errors are JSON `{ statusCode, message, error }`; a page
 * request that fails to route, or whose address cannot be decoded (no page has it), renders the
 * 404 page in its language.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly renderNotFound: RenderNotFound,
    /** An API with error answers of its own (OCTO's, under /octo/): its status and body for a path, or undefined. */
    private readonly ownErrors: (path: string) => ((exception: unknown) => { status: number; body: object }) | undefined = () => undefined,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const wrongMethod = methodNotAllowed(exception, request);
    const english = wrongMethod?.body ?? toErrorBody(exception);
    // A guest reads the refusal in the page's language (the pages send it as Accept-Language); staff read their API in Swedish, whatever their browser's.
    const staff = request.path.startsWith('/api/admin/');
    const lang = staff ? 'sv' : requestLanguage(request.headers['accept-language']);
    const worded = { ...english, message: isWorded(exception) ? exception.texts[lang] : refusalIn(lang, english.message) };
    const body = staff ? inStaffWords(worded) : worded;
    const databaseUnavailable = isDatabaseUnavailable(exception);
    // An outage is one line a request (its stack says nothing); anything else of ours, with its stack.
    if (databaseUnavailable) this.logger.error(`${request.method} ${request.originalUrl}: the database does not answer (${String((exception as Error)?.message)})`);
    else if (body.statusCode >= 500) this.logger.error(`${request.method} ${request.originalUrl}`, (exception as Error)?.stack);
    // A stream (the guide's server-sent events) that fails midway can only be ended, not answered.
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof RetryLaterException) response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (databaseUnavailable) response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    if (wrongMethod) response.setHeader('Allow', wrongMethod.allow);
    const own = this.ownErrors(request.path)?.(exception);
    if (own) {
      response.status(own.status).json(own.body);
      return;
    }

    const noPage = body.statusCode === 404 || (body.statusCode === 400 && !isDecodablePath(request.path));
    const wantsPage = !request.path.startsWith('/api') && request.path !== '/health' && noPage;
    if (wantsPage) {
      try {
        const html = await this.renderNotFound(request.path);
        response.status(404).type('html').send(html);
        return;
      } catch (error) {
        this.logger.error('Could not render the 404 page', (error as Error).stack);
      }
    }
    response.status(body.statusCode).json(body);
  }
}
