import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminUser } from './admin-user.entity';

@Module({
  imports: [TypeOrmModule.forFeature([AdminUser])],
  providers: [AdminBootstrapService],
})
export class AdminModule {}
