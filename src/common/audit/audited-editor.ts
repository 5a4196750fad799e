import { ConflictException, NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager, EntityTarget, FindOptionsOrder, FindOptionsRelations, FindOptionsWhere, ObjectLiteral } from 'typeorm';

import { isDuplicateKey, supportsRowLocks, writeTransaction } from '../../database/transactions';
import type { AuditLogService } from './audit-log.service';

export interface EditorSettings<Row extends ObjectLiteral & { id: number }, Input, View> {
  entity: EntityTarget<Row>;
  /** How the audit log and messages name a row: "post", "faq", "stay". */
  kind: string;
  /** "inget blogginlägg", "ingen fråga" …: for "Det finns … med id 7." */
  missing: string;
  order: FindOptionsOrder<Row>;
  view(row: Row): View;
  /** Writes the input onto the row (new or loaded). */
  apply(row: Row, input: Partial<Input>): void;
  /** Relations the view reads (loaded with each row). */
  relations?: FindOptionsRelations<Row>;
  /** A field that must be unique (a slug), with its Swedish name. */
  unique?: { field: keyof Input & keyof Row & string; label: string };
}

/**
 * Create, edit and delete for a content table, each in one transaction that locks the row,
 * re-reads it and writes the audit entry (who, what, before and after) with the change.
 */
export class AuditedEditor<Row extends ObjectLiteral & { id: number }, Input extends object, View extends object> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly settings: EditorSettings<Row, Input, View>,
  ) {}

  async list(): Promise<View[]> {
    const rows = await this.dataSource.getRepository(this.settings.entity).find({ order: this.settings.order, relations: this.settings.relations });
    return rows.map((row) => this.settings.view(row));
  }

  async get(id: number): Promise<View> {
    return this.settings.view(await this.load(this.dataSource.manager, id));
  }

  create(input: Input, adminEmail: string): Promise<View> {
    return this.refusingDuplicates(input, (manager) => this.inserted(manager, input, adminEmail));
  }

  update(id: number, patch: Partial<Input>, adminEmail: string): Promise<View> {
    return this.refusingDuplicates(patch, (manager) => this.updated(manager, id, patch, adminEmail));
  }

  private async inserted(manager: EntityManager, input: Input, adminEmail: string): Promise<View> {
    await this.assertUnique(manager, input);
    const repository = manager.getRepository(this.settings.entity);
    const row = repository.create();
    this.settings.apply(row, input);
    const saved = await repository.save(row);
    const after = this.settings.view(await this.load(manager, saved.id));
    await this.audit.record(adminEmail, `${this.settings.kind}.create`, `${this.settings.kind}#${saved.id}`, { after }, manager);
    return after;
  }

  private async updated(manager: EntityManager, id: number, patch: Partial<Input>, adminEmail: string): Promise<View> {
    const row = await this.load(manager, id, true);
    const before = this.settings.view(row);
    await this.assertUnique(manager, patch, id);
    this.settings.apply(row, patch);
    await manager.getRepository(this.settings.entity).save(row);
    const after = this.settings.view(await this.load(manager, id));
    await this.audit.record(adminEmail, `${this.settings.kind}.update`, `${this.settings.kind}#${id}`, { before, after }, manager);
    return after;
  }

  /**
   * Runs a save in one transaction. Two saves of the same unique value at once both pass
   * assertUnique; the database's unique index refuses the second, answered as the same 409.
   */
  private async refusingDuplicates(input: Partial<Input>, work: (manager: EntityManager) => Promise<View>): Promise<View> {
    try {
      return await writeTransaction(this.dataSource, work);
    } catch (error) {
      const unique = this.settings.unique;
      if (unique && isDuplicateKey(error)) throw new ConflictException(this.taken(unique.label, (input as Record<string, unknown>)[unique.field]));
      throw error;
    }
  }

  private taken(label: string, value: unknown): string {
    return `${label} "${String(value)}" används redan.`;
  }

  async remove(id: number, adminEmail: string): Promise<void> {
    await writeTransaction(this.dataSource, async (manager) => {
      const before = this.settings.view(await this.load(manager, id, true));
      await manager.getRepository(this.settings.entity).delete(id);
      await this.audit.record(adminEmail, `${this.settings.kind}.delete`, `${this.settings.kind}#${id}`, { before }, manager);
    });
  }

  private async load(manager: EntityManager, id: number, lock = false): Promise<Row> {
    const row = await manager.getRepository(this.settings.entity).findOne({
      where: { id } as FindOptionsWhere<Row>,
      relations: this.settings.relations,
      ...(lock && supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!row) throw new NotFoundException(`Det finns ${this.settings.missing} med id ${id}.`);
    return row;
  }

  private async assertUnique(manager: EntityManager, input: Partial<Input>, exceptId?: number): Promise<void> {
    const unique = this.settings.unique;
    const value = unique ? (input as Record<string, unknown>)[unique.field] : undefined;
    if (!unique || value === undefined) return;
    const taken = await manager.getRepository(this.settings.entity).findOne({ where: { [unique.field]: value } as FindOptionsWhere<Row>, select: { id: true } as never });
    if (taken && taken.id !== exceptId) throw new ConflictException(this.taken(unique.label, value));
  }
}
