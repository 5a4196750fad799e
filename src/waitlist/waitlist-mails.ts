import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

import { COMPANY, COMPANY_PHONE, officeHoursIn } from '../../shared/company';
import { dateTimeFormat } from '../../shared/intl-formats';
import { INTL_LOCALES, type Lang } from '../../shared/languages';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { serverStrings } from '../common/i18n/strings';
import { AppConfig } from '../config/app-config';
import { composeMail, oneClickUnsubscribe } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import { tourFacts } from '../tours/tour-options';
import de from './mail-strings/de.json';
import en from './mail-strings/en.json';
import sv from './mail-strings/sv.json';
import type { WaitlistEntry } from './waitlist-entry.entity';
import { WaitlistLinks } from './waitlist-links';

const strings = serverStrings({ en, sv, de });
type Say = ReturnType<typeof strings>;
const when = (lang: Lang, at: Date) => dateTimeFormat(INTL_LOCALES[lang], { dateStyle: 'full', timeStyle: 'short', timeZone: COMPANY.timeZone }).format(at);
const shortWhen = (lang: Lang, at: Date) => dateTimeFormat(INTL_LOCALES[lang], { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone }).format(at);

/** The line's mails, in the guest's language: each with a one-click unsubscribe that takes them off the line. */
@Injectable()
export class WaitlistMails {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly outbox: MailOutbox,
    private readonly links: WaitlistLinks,
    private readonly translations: ContentTranslations,
  ) {}

  /** The tour's slug and title in `lang` (English where it has no translation). */
  async tourIn(tourId: number, lang: Lang, manager: EntityManager = this.dataSource.manager): Promise<{ slug: string; title: string } | null> {
    const facts = (await tourFacts(manager, [tourId])).get(tourId);
    if (!facts) return null;
    const [tour] = await this.translations.inLanguage('tour', [{ id: facts.id, slug: facts.slug, title: facts.title }], lang, ['title']);
    return tour ?? null;
  }

  /** "You are number N in line", with the entry's page (and the other dates waited for, with "any date this week"). */
  joined(manager: EntityManager, entry: WaitlistEntry, departure: { startsAt: Date }, place: number, url: string, now: Date, otherDates: Date[] = []): Promise<void> {
    return this.send(manager, entry, departure, 'waitlist.joined', now, ({ say, tour, at }) => ({
      subject: say('joined.subject', { tour, when: shortWhen(entry.language, departure.startsAt) }),
      preview: say('joined.preview'),
      paragraphs: [
        say('joined.text', { place, tour, when: at, hours: Math.round((this.config.waitlistOfferMinutes / 60) * 10) / 10 }),
        ...(otherDates.length ? [say('joined.otherDates', { dates: otherDates.map((date) => shortWhen(entry.language, date)).join(', ') })] : []),
        say('joined.leave'),
      ],
      more: [[say('fact.place'), String(place)]],
      action: { label: say('action.place'), url },
    }));
  }

  /** "Seats are free for you until …", with the page that books them in one tap. */
  offered(manager: EntityManager, entry: WaitlistEntry & { offerExpiresAt: Date }, departure: { startsAt: Date }, url: string, now: Date): Promise<void> {
    const until = shortWhen(entry.language, entry.offerExpiresAt);
    return this.send(manager, entry, departure, 'waitlist.offer', now, ({ say, tour, at }) => ({
      subject: say('offered.subject', { tour, when: shortWhen(entry.language, departure.startsAt) }),
      preview: say('offered.preview', { until }),
      paragraphs: [say('offered.text', { tour, when: at, until }), say('offered.howTo')],
      more: [[say('fact.until'), until]],
      action: { label: say('action.book'), url },
    }));
  }

  /** One of the line's mails, in the guest's language: the entry's facts, and the one-click unsubscribe that takes them off the line. */
  private async send(
    manager: EntityManager,
    entry: WaitlistEntry,
    departure: { startsAt: Date },
    topic: string,
    now: Date,
    write: (words: { say: Say; tour: string; at: string }) => { subject: string; preview: string; paragraphs: string[]; more: [string, string][]; action: { label: string; url: string } },
  ): Promise<void> {
    const say = strings(entry.language);
    const tour = (await this.tourIn(entry.tourId, entry.language, manager))?.title ?? '';
    const at = when(entry.language, departure.startsAt);
    const { subject, more, ...content } = write({ say, tour, at });
    const party = entry.party.map((item) => `${item.quantity} × ${item.name}`).join(', ');
    await this.outbox.enqueue(
      manager,
      composeMail(
        entry.email,
        subject,
        {
          lang: entry.language,
          tagline: say('tagline'),
          ...content,
          facts: [[say('fact.tour'), tour], [say('fact.when'), at], [say('fact.party'), party], ...more],
          closing: [say('unsubscribe'), say('questions', { phone: COMPANY_PHONE, hours: officeHoursIn(entry.language) })],
        },
        { headers: oneClickUnsubscribe(this.links.unsubscribeUrl(entry, departure)) },
      ),
      { topic },
      now,
    );
  }
}
