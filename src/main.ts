import 'reflect-metadata';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';
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

  const app = await NestFactory.create<NestExpressApplication>(AppModule, { rawBody: true, bufferLogs: false });
  await configureApp(app, { dev: process.env.VITE_DEV === '1' });
  // SIGTERM: stop accepting, finish the requests in flight, close the database.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  const config = app.get(AppConfig);
  await app.listen(config.port);
  Logger.log(`Norrsken Arctic Tours is serving ${config.publicUrl}/ (${config.database.type})`, 'Bootstrap');
}

void bootstrap();
