import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan } from 'typeorm';

import type { ContactMessageView, ExportedContactMessage } from '../../shared/admin-types';
import { AuditLogService } from '../common/audit/audit-log.service';
import { writeTransaction } from '../database/transactions';
import { ContactMessage } from './contact-message.entity';
import { clock } from '../common/clock';

function view(message: ContactMessage): ContactMessageView {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    handledAt: message.handledAt?.toISOString() ?? null,
  };
}

/** What guests wrote through the contact form, as staff work through it. */
@Injectable()
export class ContactInbox {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  async messages(onlyUnhandled: boolean): Promise<ContactMessageView[]> {
    const messages = await this.dataSource.getRepository(ContactMessage).find({
      where: onlyUnhandled ? { handledAt: IsNull() } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 200,
    });
    return messages.map(view);
  }

  /** The guest's own messages, for their data export. */
  async heldAbout(email: string): Promise<ExportedContactMessage[]> {
    const messages = await this.dataSource.getRepository(ContactMessage).createQueryBuilder('message').where('LOWER(message.email) = :email', { email }).orderBy('message.id', 'ASC').getMany();
    return messages.map(({ name, email: from, message, createdAt, handledAt }) => ({ name, email: from, message, createdAt: createdAt.toISOString(), handledAt: handledAt?.toISOString() ?? null }));
  }

  /** Deletes the guest's messages (an erasure); how many went. */
  async forget(email: string): Promise<number> {
    return (await this.dataSource.getRepository(ContactMessage).createQueryBuilder().delete().where('LOWER(email) = :email', { email }).execute()).affected ?? 0;
  }

  /** Deletes messages older than `cutoff` (the retention period); a conditional delete, safe to run twice at once. */
  async deleteOlderThan(cutoff: Date): Promise<number> {
    return (await this.dataSource.getRepository(ContactMessage).delete({ createdAt: LessThan(cutoff) })).affected ?? 0;
  }

  unhandledCount(): Promise<number> {
    return this.dataSource.getRepository(ContactMessage).countBy({ handledAt: IsNull() });
  }

  /** Marks a message handled (keeping the first time it was) or open again, with its audit entry. */
  markHandled(id: number, handled: boolean, adminEmail: string): Promise<ContactMessageView> {
    return writeTransaction(this.dataSource, async (manager) => {
      const repository = manager.getRepository(ContactMessage);
      const message = await repository.findOneBy({ id });
      if (!message) throw new NotFoundException(`Det finns inget meddelande med id ${id}.`);
      message.handledAt = handled ? (message.handledAt ?? clock.now()) : null;
      await repository.save(message);
      await this.audit.record(adminEmail, handled ? 'contact.handled' : 'contact.reopened', `contact:${id}`, undefined, manager);
      return view(message);
    });
  }
}
