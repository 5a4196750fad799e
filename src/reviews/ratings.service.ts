import { ConflictException, GoneException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { RatingView, StaffRatings } from '../../shared/api-types';
import { ADMIN_BASE } from '../../shared/taxonomy';
import { clock } from '../common/clock';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { AppConfig } from '../config/app-config';
import { isDuplicateKey, supportsRowLocks, writeTransaction } from '../database/transactions';
import { FollowUpLinks } from '../bookings/follow-up-links';
import { BookingWriter } from '../bookings/lifecycle/booking-writer';
import { composeMail } from '../mail/mail-layout';
import { MailOutbox } from '../mail/mail-outbox.service';
import { tourFacts } from '../tours/tour-options';
import { Rating } from './rating.entity';

/** Scores that earn the offer to review us elsewhere; below, a comment goes to the booking inbox. */
const GOOD = 4;

/**
 * Guests' ratings of their tours: one per booking, given with one tap from the mail the morning
 * after (and changed, with a comment, on the same page while its link works). Comments under 4
 * reach the booking inbox; 4 and 5 are offered the review sites of the settings.
 */
@Injectable()
export class Ratings {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly links: FollowUpLinks,
    private readonly writer: BookingWriter,
    private readonly outbox: MailOutbox,
    private readonly translations: ContentTranslations,
  ) {}

  /** rate: the booking's score (and comment, when given), by the mail's link; again changes it. */
  async rate(token: string, score: number, comment: string | undefined, now = clock.now()): Promise<RatingView> {
    const id = this.links.ratedId(token, now);
    const booking = id === null ? null : await this.writer.loadById(id);
    if (!booking) throw new GoneException('This rating link has expired or is not valid.');
    if (booking.status !== 'confirmed' || !booking.departure || booking.departure.startsAt > now) throw new ConflictException('A tour can be rated once it has taken place.');
    const tourId = booking.departure.tourId;
    const said = comment?.trim() || null;
    const facts = (await tourFacts(this.dataSource.manager, [tourId])).get(tourId);
    const rating = await writeTransaction(this.dataSource, async (manager) => {
      const ratings = manager.getRepository(Rating);
      const before = await ratings.findOne({ where: { bookingId: booking.id }, ...(supportsRowLocks(this.dataSource) ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
      const fields = { score, ...(comment !== undefined ? { comment: said } : {}) };
      let kept: Rating;
      let commentChanged: boolean;
      if (before) {
        await ratings.update({ id: before.id }, fields);
        kept = { ...before, ...fields };
        commentChanged = comment !== undefined && said !== before.comment;
      } else {
        try {
          kept = await ratings.save(ratings.create({ bookingId: booking.id, tourId, language: booking.language, comment: null, createdAt: now, ...fields }));
          commentChanged = Boolean(said);
        } catch (error) {
          // The same tap twice at once: the first made it, this one changes it.
          if (!isDuplicateKey(error)) throw error;
          await ratings.update({ bookingId: booking.id }, fields);
          kept = await ratings.findOneByOrFail({ bookingId: booking.id });
          commentChanged = false;
        }
      }
      // A guest who was not happy: staff hear it, with the booking, while it can still be put right (written with the rating, so once).
      if (commentChanged && kept.comment && kept.score < GOOD) {
        await this.outbox.enqueue(
          manager,
          composeMail(this.config.mail.bookingEmail, `Omdöme ${kept.score}/5 för ${facts?.title ?? ''} (${booking.reference})`, {
            lang: 'sv',
            preview: kept.comment,
            paragraphs: [`${booking.name} gav ${facts?.title ?? 'turen'} betyget ${kept.score} av 5 och skrev:`, kept.comment],
            facts: [
              ['Bokning', booking.reference],
              ['Gäst', `${booking.name} <${booking.email}>${booking.phone ? `, ${booking.phone}` : ''}`],
            ],
            action: { label: 'Se bokningen', url: `${this.config.publicUrl}${ADMIN_BASE}/bookings/?q=${encodeURIComponent(booking.reference)}` },
          }),
          { topic: 'rating.low', bookingReference: booking.reference },
          now,
        );
      }
      return kept;
    });
    const [tour] = await this.translations.inLanguage('tour', [{ id: tourId, slug: facts?.slug ?? '', title: facts?.title ?? '' }], booking.language, ['title']);
    return { score: rating.score, comment: rating.comment, tour: { slug: tour?.slug ?? '', title: tour?.title ?? '' }, reviewLinks: rating.score >= GOOD ? this.config.reviewLinks : {} };
  }

  /** Per tour: how many ratings and their average; the latest fifty, with comments. */
  async forStaff(): Promise<StaffRatings> {
    const perTour = await this.dataSource
      .getRepository(Rating)
      .createQueryBuilder('rating')
      .select('rating.tour_id', 'tourId')
      .addSelect('COUNT(*)', 'count')
      .addSelect('AVG(rating.score)', 'average')
      .groupBy('rating.tour_id')
      .getRawMany<{ tourId: number | string; count: number | string; average: number | string }>();
    // Per guide: the ratings of the departures each guide was put on (issue 50's assignments).
    const perGuide = await this.dataSource
      .getRepository(Rating)
      .createQueryBuilder('rating')
      .innerJoin('bookings', 'booking', 'booking.id = rating.booking_id')
      .innerJoin('departure_assignments', 'assignment', 'assignment.departure_id = booking.departure_id')
      .innerJoin('resources', 'guide', 'guide.id = assignment.resource_id')
      .innerJoin('resource_kinds', 'kind', "kind.id = guide.kind_id AND kind.type = 'guide'")
      .select('guide.id', 'resourceId')
      .addSelect('guide.name', 'name')
      .addSelect('COUNT(*)', 'count')
      .addSelect('AVG(rating.score)', 'average')
      .groupBy('guide.id')
      .addGroupBy('guide.name')
      .getRawMany<{ resourceId: number | string; name: string; count: number | string; average: number | string }>();
    const latest = await this.dataSource.getRepository(Rating).find({ order: { id: 'DESC' }, take: 50 });
    const titles = await tourFacts(this.dataSource.manager, [...perTour.map((row) => Number(row.tourId)), ...latest.map((rating) => rating.tourId)]);
    const references = await this.writer.summaries(this.dataSource.manager, latest.map((rating) => rating.bookingId));
    return {
      tours: perTour
        .map((row) => ({ tourId: Number(row.tourId), title: titles.get(Number(row.tourId))?.title ?? '', count: Number(row.count), average: Math.round(Number(row.average) * 10) / 10 }))
        .sort((a, b) => a.title.localeCompare(b.title, 'sv')),
      guides: perGuide
        .map((row) => ({ resourceId: Number(row.resourceId), name: row.name, count: Number(row.count), average: Math.round(Number(row.average) * 10) / 10 }))
        .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
      latest: latest.map((rating) => ({
        bookingReference: references.get(rating.bookingId)?.reference ?? '',
        tourTitle: titles.get(rating.tourId)?.title ?? '',
        score: rating.score,
        comment: rating.comment,
        language: rating.language,
        createdAt: rating.createdAt.toISOString(),
      })),
    };
  }

  /** A guest's ratings, for their data export (by their bookings' ids). */
  async heldAbout(bookingIds: number[]): Promise<{ score: number; comment: string | null; createdAt: string }[]> {
    if (!bookingIds.length) return [];
    const rows = await this.dataSource.getRepository(Rating).createQueryBuilder('rating').where('rating.booking_id IN (:...bookingIds)', { bookingIds }).getMany();
    return rows.map((row) => ({ score: row.score, comment: row.comment, createdAt: row.createdAt.toISOString() }));
  }

  /** An erasure: the guest's ratings go with the rest of what they told us; how many. */
  async forget(bookingIds: number[]): Promise<number> {
    if (!bookingIds.length) return 0;
    const result = await this.dataSource.getRepository(Rating).createQueryBuilder().delete().where('booking_id IN (:...bookingIds)', { bookingIds }).execute();
    return result.affected ?? 0;
  }
}
