import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { AppConfig } from '../config/app-config';
import { writeTransaction } from '../database/transactions';
import { composeMail } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import { ContactMessage } from './contact-message.entity';
import type { CreateContactMessageDto } from './dto/create-contact-message.dto';

@Injectable()
export class ContactService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly outbox: MailOutbox,
    private readonly config: AppConfig,
  ) {}

  /** Stores the message and, in the same transaction, the notice to support; a bot that filled the honeypot is quietly ignored. */
  async receive(dto: CreateContactMessageDto, ip: string): Promise<{ received: true }> {
    if (dto.website) return { received: true };
    await writeTransaction(this.dataSource, async (manager) => {
      const saved = await manager.save(ContactMessage, manager.create(ContactMessage, { name: dto.name, email: dto.email, message: dto.message, ipHash: hashIp(ip, this.config.key('visitor-address')) }));
      await this.outbox.enqueue(
        manager,
        composeMail(
          this.mail.supportAddress,
          `Contact form: ${dto.name.replace(/[\r\n]/g, ' ')}`,
          {
            preview: dto.message.slice(0, 120),
            paragraphs: [dto.message],
            closing: [`— ${dto.name} <${dto.email}>`, `Message #${saved.id}`],
          },
          { replyTo: `${dto.name.replace(/[<>"\r\n]/g, '')} <${dto.email}>` },
        ),
        { topic: 'contact.received' },
      );
    });
    return { received: true };
  }
}
