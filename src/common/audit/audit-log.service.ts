import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';

import { AuditLogEntry } from './audit-log-entry.entity';

export interface AuditLogView {
  id: number;
  adminEmail: string;
  action: string;
  target: string;
  details: string | null;
  createdAt: string;
}

/** Who changed what, and when. */
@Injectable()
export class AuditLogService {
  constructor(@InjectRepository(AuditLogEntry) private readonly entries: Repository<AuditLogEntry>) {}

  /** For code outside Nest (the command line): the entry written through this manager. */
  static recordWith(manager: EntityManager, adminEmail: string, action: string, target: string, details?: string | object): Promise<void> {
    return new AuditLogService(manager.getRepository(AuditLogEntry)).record(adminEmail, action, target, details);
  }

  /**
   * A person's details, wherever an entry about `target` quoted them (a reseller's update of a
   * guest's contact), replaced by a mark, in the caller's transaction: the entries stay, the
   * person does not (erasure on request, retention).
   */
  static async forgetWith(manager: EntityManager, target: string, personal: (string | null)[]): Promise<void> {
    const words = personal.filter((word): word is string => !!word && word.length >= 3);
    if (!words.length) return;
    for (const entry of await manager.find(AuditLogEntry, { where: { target }, select: { id: true, details: true } })) {
      if (!entry.details) continue;
      // Each as written, and as JSON writes it inside a string (quotes and line breaks escaped).
      const scrubbed = words.reduce((text, word) => [word, JSON.stringify(word).slice(1, -1)].reduce((kept, form) => kept.split(form).join('[borttaget]'), text), entry.details);
      if (scrubbed !== entry.details) await manager.update(AuditLogEntry, { id: entry.id }, { details: scrubbed });
    }
  }

  /** Inside a transaction pass its manager: the entry then commits, or not, with the change. */
  async record(adminEmail: string, action: string, target: string, details?: string | object, manager?: EntityManager): Promise<void> {
    await (manager?.getRepository(AuditLogEntry) ?? this.entries).insert({
      adminEmail,
      action,
      target,
      details: details === undefined ? null : typeof details === 'string' ? details : JSON.stringify(details),
    });
  }

  /** Everything done to one target ("booking:NAT-…"), oldest first. */
  async about(target: string): Promise<AuditLogView[]> {
    const entries = await this.entries.find({ where: { target }, order: { id: 'ASC' }, take: 500 });
    return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
  }

  async recent(limit = 100): Promise<AuditLogView[]> {
    const entries = await this.entries.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: Math.min(limit, 500) });
    return entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() }));
  }
}
