import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';

@Entity('admin_users')
export class AdminUser {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  passwordHash: string;

  /** Bumped on logout: every token issued before stops working. */
  @Column({ type: 'int', default: 0 })
  tokenVersion: number;

  @Column({ type: 'datetime', nullable: true })
  lastLoginAt: Date | null;

  @CreatedAt()
  createdAt: Date;
}
