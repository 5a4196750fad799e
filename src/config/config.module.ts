import { Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule } from '@nestjs/config';

import { AppConfig } from './app-config';
import { validateEnvironment } from './environment';

@Global()
@Module({
  imports: [NestConfigModule.forRoot({ ignoreEnvFile: true, validate: validateEnvironment, cache: true })],
  providers: [
    {
      provide: AppConfig,
      useFactory: () => {
        const config = AppConfig.fromEnvironment(process.env);
        // Resolve (and outside production, generate) the JWT secret at start, not on the first login.
        void config.jwtSecret;
        return config;
      },
    },
  ],
  exports: [AppConfig],
})
export class ConfigModule {}
