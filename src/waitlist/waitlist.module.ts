import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { BookingsModule } from '../bookings/bookings.module';
import { ContentTranslationsModule } from '../common/i18n/content-translations.service';
import { MailModule } from '../mail/mail.module';
import { WaitlistController } from './waitlist.controller';
import { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistLine } from './waitlist-line.service';
import { WaitlistLinks } from './waitlist-links';
import { WaitlistMails } from './waitlist-mails';
import { WaitlistWorker } from './waitlist.worker';

/** Waitlists for full departures: the line, its offers and their mails, and the worker that passes freed seats on. */
@Module({
  imports: [TypeOrmModule.forFeature([WaitlistEntry]), BookingsModule, MailModule, ContentTranslationsModule],
  controllers: [WaitlistController],
  providers: [WaitlistLine, WaitlistLinks, WaitlistMails, WaitlistWorker],
  exports: [WaitlistLine, WaitlistWorker],
})
export class WaitlistModule {}
