import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

import { AppConfig } from '../../config/app-config';

/** A request id from the proxy when it looks like one, else a fresh one; echoed as X-Request-Id. */
export function requestId(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
  response.setHeader('X-Request-Id', id);
  return id;
}

/**
 * JSON logs (pino): one line per request with its id, method, path (never the query string,
 * which can carry a manage-link token or a booking reference), status and time; the app's own
 * log lines in the same form. Quiet under NODE_ENV=test.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.env === 'test' ? 'warn' : 'info',
          genReqId: requestId,
          autoLogging: { ignore: (request: IncomingMessage) => request.url?.startsWith('/health') ?? false },
          serializers: {
            req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, path: request.url.split('?')[0] }),
            res: (response: { statusCode: number }) => ({ status: response.statusCode }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
