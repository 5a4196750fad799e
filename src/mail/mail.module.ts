import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { MailOptOut } from './mail-opt-out.entity';
import { MailOptOutsController } from './mail-opt-outs.controller';
import { MailOptOuts } from './mail-opt-outs.service';
import { MailOutbox } from './mail-outbox.service';
import { MailService } from './mail.service';
import { OutboxMail } from './outbox-mail.entity';

@Global()
@Module({ imports: [TypeOrmModule.forFeature([OutboxMail, MailOptOut])], controllers: [MailOptOutsController], providers: [MailService, MailOutbox, MailOptOuts], exports: [MailService, MailOutbox, MailOptOuts] })
export class MailModule {}
