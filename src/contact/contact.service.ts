import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';

import { hashIp } from '../common/throttling/client-ip';
import { AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { ContactMessage } from './contact-message.entity';
import type { CreateContactMessageDto } from './dto/create-contact-message.dto';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactMessage) private readonly messages: Repository<ContactMessage>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** Stores the message and tells support; a bot that filled the honeypot is quietly ignored. */
  async receive(dto: CreateContactMessageDto, ip: string): Promise<{ received: true }> {
    if (dto.website) return { received: true };
    const saved = await this.messages.save(
      this.messages.create({ name: dto.name, email: dto.email, message: dto.message, ipHash: hashIp(ip, this.config.jwtSecret) }),
    );
    // The message is safe in the database; a mail failure only delays the notice.
    await this.mail
      .send({
        to: this.mail.supportAddress,
        replyTo: `${dto.name.replace(/[<>"\r\n]/g, '')} <${dto.email}>`,
        subject: `Contact form: ${dto.name.replace(/[\r\n]/g, ' ')}`,
        text: `${dto.message}\n\n— ${dto.name} <${dto.email}>\nMessage #${saved.id}`,
      })
      .catch((error: unknown) => this.logger.error(`Could not mail contact message #${saved.id}: ${String(error)}`));
    return { received: true };
  }
}
