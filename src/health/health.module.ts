import { Module } from '@nestjs/common';

import { Draining } from '../common/http/draining';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [Draining], exports: [Draining] })
export class HealthModule {}
