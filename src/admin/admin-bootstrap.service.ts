import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { AppConfig } from '../config/app-config';
import { AdminUser } from './admin-user.entity';
import { hashPassword } from './auth/passwords';

/** ADMIN_EMAIL + ADMIN_PASSWORD: create that admin at start if there is none with that email. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrapService.name);

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seed = this.config.adminSeed;
    if (!seed || (await this.admins.existsBy({ email: seed.email }))) return;
    const passwordHash = await hashPassword(seed.password);
    await this.admins.insert({ email: seed.email, passwordHash }).catch(async (error: unknown) => {
      // Another replica created it first.
      if (!(await this.admins.existsBy({ email: seed.email }))) throw error;
    });
    this.logger.log(`Created admin ${seed.email}`);
  }
}
