import { Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule } from '@nestjs/config';

import { AppConfig } from './app-config';
import { validateEnvironment } from './environment';

@Global()
@Module({
  imports: [NestConfigModule.forRoot({ ignoreEnvFile: true, validate: validateEnvironment, cache: true })],
  providers: [{ provide: AppConfig, useFactory: () => AppConfig.fromEnvironment(process.env) }],
  exports: [AppConfig],
})
export class ConfigModule {}
