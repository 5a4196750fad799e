import 'reflect-metadata';

import { loadProductionReact } from './mail/production-react';

// Before anything imports React: the mails' React is the production build, as the pages' is.
loadProductionReact();

import { format } from 'node:util';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoLogger } from 'nestjs-pino';

import { AppModule } from './app.module';
import { APP_OPTIONS, configureApp } from './app.setup';
import { startMetricsServer } from './common/metrics/metrics';
import { AppConfig } from './config/app-config';
import { Draining } from './common/http/draining';
import { InvalidEnvironmentError, validateEnvironment } from './config/environment';

async function bootstrap(): Promise<void> {
  // Refuse to start on bad configuration, naming every bad variable, before anything else runs.
  try {
    validateEnvironment(process.env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await NestFactory.create<NestExpressApplication>(AppModule, { ...APP_OPTIONS, bufferLogs: true });
  // Every log line as JSON (pino), request lines with their request id.
  app.useLogger(app.get(PinoLogger));
  logConsoleAsJson();
  await configureApp(app, { dev: process.env.VITE_DEV === '1' });
  const config = app.get(AppConfig);
  await app.listen(config.port);
  // Idle connections outlive the proxy's own keep-alive (Caddy 30 s, docs/operations.md): the proxy, not
  // this process, ends an idle connection, so it never sends a request on one this process has just closed.
  const server = app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const metrics = config.metricsPort ? startMetricsServer(config.metricsPort) : undefined;
  Logger.log(`Norrsken Arctic Tours is serving ${config.publicUrl}/ (${config.database.type})`, 'Bootstrap');

  // SIGTERM: not ready at once, serving on while the proxy takes this replica out (SHUTDOWN_DRAIN_SECONDS),
  // then stop accepting, finish the requests in flight, close the database, exit 0.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.get(Draining).start();
    Logger.log(`${signal}: not ready; serving for ${config.shutdownDrainMs / 1000} s more, then finishing requests in flight and stopping`, 'Bootstrap');
    const drained = new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    drained.then(() => {
      metrics?.close();
      return app.close();
    }).then(
      () => process.exit(0),
      (error: unknown) => {
        Logger.error(`Could not stop cleanly: ${String(error)}`, 'Bootstrap');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * What is written to the console (the pages' loaders report a failed load there, as the spec asks
 * of the browser; a library may too) goes into the JSON log as well, one line each, never as
 * lines of free text in between.
 */
function logConsoleAsJson(): void {
  const logger = new Logger('Console');
  console.error = (...args: unknown[]) => logger.error(format(...args));
  console.warn = (...args: unknown[]) => logger.warn(format(...args));
  console.log = console.info = (...args: unknown[]) => logger.log(format(...args));
  console.debug = (...args: unknown[]) => logger.debug(format(...args));
}

void bootstrap();
