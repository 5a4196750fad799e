import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import { normalizePromoCode, type PromoKind } from '../../shared/promo-codes';
import { AuditLogService } from '../common/audit/audit-log.service';
import { isDuplicateKey, supportsRowLocks, writeTransaction } from '../database/transactions';
import { PromoCode } from './promo-code.entity';

/** A new code as staff write it. */
export interface NewPromoCode {
  code: string;
  kind: PromoKind;
  value: number;
  tourIds?: number[] | null;
  categories?: string[] | null;
  bookFrom?: string | null;
  bookUntil?: string | null;
  tourFrom?: string | null;
  tourUntil?: string | null;
  maxUses?: number | null;
  maxUsesPerEmail?: number | null;
  minGuests?: number;
  note?: string | null;
}

/** The promo codes: staff create and pause them (each in the audit log); a booking locks the one it takes. */
@Injectable()
export class PromoCodeBook {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(): Promise<PromoCode[]> {
    return this.dataSource.getRepository(PromoCode).find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async find(id: number): Promise<PromoCode> {
    const promo = await this.dataSource.getRepository(PromoCode).findOneBy({ id });
    if (!promo) throw new NotFoundException(`Det finns ingen rabattkod med id ${id}.`);
    return promo;
  }

  /** The code as a guest typed it, or null. */
  findByCode(code: string): Promise<PromoCode | null> {
    return this.dataSource.getRepository(PromoCode).findOneBy({ code: normalizePromoCode(code) });
  }

  /** A new code; 409 when the code is taken (whatever its case or dashes). */
  async create(fields: NewPromoCode, staffEmail: string): Promise<PromoCode> {
    const code = normalizePromoCode(fields.code);
    try {
      return await writeTransaction(this.dataSource, async (manager) => {
        const promo = await manager.save(
          manager.create(PromoCode, {
            code,
            kind: fields.kind,
            value: fields.value,
            tourIds: fields.tourIds?.length ? [...new Set(fields.tourIds)] : null,
            categories: fields.categories?.length ? [...new Set(fields.categories)] : null,
            bookFrom: fields.bookFrom ?? null,
            bookUntil: fields.bookUntil ?? null,
            tourFrom: fields.tourFrom ?? null,
            tourUntil: fields.tourUntil ?? null,
            maxUses: fields.maxUses ?? null,
            maxUsesPerEmail: fields.maxUsesPerEmail ?? null,
            minGuests: fields.minGuests ?? 1,
            note: fields.note ?? null,
            paused: false,
          }),
        );
        await AuditLogService.recordWith(manager, staffEmail, 'promo-code.create', `promo-code:${code}`, { kind: promo.kind, value: promo.value });
        return promo;
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictException(`Rabattkoden ${code} finns redan.`);
      throw error;
    }
  }

  /** Pauses a code (refused until resumed; bookings made with it keep their discount) or resumes it. */
  async setPaused(id: number, paused: boolean, staffEmail: string): Promise<PromoCode> {
    return writeTransaction(this.dataSource, async (manager) => {
      const promo = await this.lock(manager, { id });
      if (!promo) throw new NotFoundException(`Det finns ingen rabattkod med id ${id}.`);
      if (promo.paused === paused) return promo;
      await manager.update(PromoCode, { id }, { paused });
      await AuditLogService.recordWith(manager, staffEmail, paused ? 'promo-code.pause' : 'promo-code.resume', `promo-code:${promo.code}`);
      return { ...promo, paused };
    });
  }

  /**
   * The code with its row locked until the transaction ends (on MySQL; SQLite's one writer already
   * serialises), or null when there is none. A booking takes it before it reads anything else, so
   * the uses it then counts include every booking another transaction made with it.
   */
  lock(manager: EntityManager, where: { code: string } | { id: number }): Promise<PromoCode | null> {
    const key = 'code' in where ? { code: normalizePromoCode(where.code) } : where;
    return manager.findOne(PromoCode, { where: key, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }
}
