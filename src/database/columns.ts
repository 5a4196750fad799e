import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** Creation time, set by the database. */
export const CreatedAt = (): PropertyDecorator => CreateDateColumn({ type: 'datetime' });

/** Last change, kept by the database. */
export const UpdatedAt = (): PropertyDecorator => UpdateDateColumn({ type: 'datetime' });
