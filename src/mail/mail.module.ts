import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { MailOutbox } from './mail-outbox.service';
import { MailService } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([OutboxMail])], providers: [MailService, MailOutbox], exports: [MailService, MailOutbox] })
export class MailModule {}
