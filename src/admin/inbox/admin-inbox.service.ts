import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';

import { ChatConversation } from '../../chat/chat-conversation.entity';
import { ChatMessage } from '../../chat/chat-message.entity';
import { ContactMessage } from '../../contact/contact-message.entity';
import type { ContactMessageView } from '../../../shared/admin-types';
import { AuditLogService } from '../../common/audit/audit-log.service';
import type { AuthenticatedAdmin } from '../auth/admin-token';

export interface ConversationRow {
  id: string;
  firstQuestion: string;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export type { ContactMessageView };

const PAGE_SIZE = 50;
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** What guests wrote: AI guide conversations and contact messages. */
@Injectable()
export class AdminInboxService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /** Conversations newest first; `q` finds any message that contains the text. */
  async conversations(q: string | undefined, page = 1): Promise<{ data: ConversationRow[]; total: number }> {
    const query = this.dataSource.getRepository(ChatConversation).createQueryBuilder('conversation').orderBy('conversation.updatedAt', 'DESC');
    if (q) {
      query.where(
        'conversation.id IN (SELECT message.conversation_id FROM chat_messages message WHERE LOWER(message.content) LIKE :like)',
        { like: likePattern(q) },
      );
    }
    const [rows, total] = await query.skip((page - 1) * PAGE_SIZE).take(PAGE_SIZE).getManyAndCount();
    return {
      data: rows.map((row) => ({ id: row.id, firstQuestion: row.firstQuestion, messageCount: row.messageCount, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
      total,
    };
  }

  async transcript(id: string) {
    const conversation = await this.dataSource.getRepository(ChatConversation).findOneBy({ id });
    if (!conversation) throw new NotFoundException('Konversationen finns inte.');
    const messages = await this.dataSource.getRepository(ChatMessage).find({ where: { conversationId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return {
      id,
      createdAt: conversation.createdAt.toISOString(),
      messages: messages.map((message) => ({ role: message.role, content: message.content, tours: message.tours ?? [], createdAt: message.createdAt.toISOString() })),
    };
  }

  async contactMessages(onlyUnhandled: boolean): Promise<ContactMessageView[]> {
    const messages = await this.dataSource.getRepository(ContactMessage).find({
      where: onlyUnhandled ? { handledAt: IsNull() } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 200,
    });
    return messages.map((message) => ({ ...this.contactView(message) }));
  }

  async markHandled(id: number, handled: boolean, admin: AuthenticatedAdmin): Promise<ContactMessageView> {
    const repository = this.dataSource.getRepository(ContactMessage);
    const message = await repository.findOneBy({ id });
    if (!message) throw new NotFoundException(`Det finns inget meddelande med id ${id}.`);
    message.handledAt = handled ? (message.handledAt ?? new Date()) : null;
    await repository.save(message);
    await this.audit.record(admin.email, handled ? 'contact.handled' : 'contact.reopened', `contact:${id}`);
    return this.contactView(message);
  }

  private contactView(message: ContactMessage): ContactMessageView {
    return {
      id: message.id,
      name: message.name,
      email: message.email,
      message: message.message,
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
    };
  }
}
