import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DataSource } from 'typeorm';

import type { DatabaseConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/app-data/data-source-options';
import { MIGRATIONS } from '../src/app-data/migrations';
import { FAQ_CANCELLATION_ANSWERS } from '../src/app-data/migrations/1796900000000-FaqCancellationAnswer';
import { BLOG_POSTS, BLOG_TRANSLATIONS } from '../src/app-data/seed/blog.catalogue';
import { TEST_DATABASE_URL } from './support/e2e-env';
import { recreateDatabase } from './support/mysql';

/** The migrations before price categories: a database as it was before the deploy. */
const BEFORE = MIGRATIONS.slice(0, MIGRATIONS.findIndex((migration) => migration.name === 'PriceCategories1795700000000'));

/**
 * The issue-19 migrations on a database with a booking made before them, on both dialects: every
 * tour gets a default "adult" at its price, every booking that many adults at the price it was
 * booked for and its seats its guests, and nothing else is lost (its refund stays).
 */
describe('Migrations to price categories, on existing data', () => {
  const folder = mkdtempSync(join(tmpdir(), 'norrsken-migration-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const databases: [string, () => Promise<DatabaseConfig>][] = [
    ['SQLite', async () => ({ type: 'sqlite', path: join(folder, 'before.sqlite') })],
    [
      'MySQL',
      async () => {
        const url = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/arctic_migration_check$1');
        await recreateDatabase(url);
        return { type: 'mysql', url };
      },
    ],
  ];

  it.each(databases)('%s: tours get a default adult, bookings that many adults at their own price, refunds stay', async (_name, database) => {
    const config = await database();
    const old = new DataSource({ ...dataSourceOptions(config), migrations: BEFORE });
    await old.initialize();
    await old.runMigrations();
    await old.query(
      `INSERT INTO tours (slug, title, short_description, description, image_url, image_alt, is_main, duration_minutes, price_sek, pickup_places, highlights, included, what_to_bring, meeting_point, season, season_months, time_of_day, images, is_active)
       VALUES ('old-tour', 'Old tour', 'x', 'x', '/a.svg', 'a', 0, 120, 1500, '[]', '[]', '[]', '[]', 'Here', 'Winter', '[1]', 'evening', '[]', 1)`,
    );
    const [{ id: tourId }] = await old.query("SELECT id FROM tours WHERE slug = 'old-tour'");
    await old.query(`INSERT INTO departures (tour_id, starts_at, capacity, price_sek, status) VALUES (${Number(tourId)}, '2027-01-10 18:00:00', 8, 1200, 'open')`);
    const [{ id: departureId }] = await old.query('SELECT id FROM departures');
    await old.query(
      `INSERT INTO bookings (reference, departure_id, guests, name, email, status, tour_amount_sek, stay_amount_sek, total_sek, payment_status)
       VALUES ('NAT-AAAAA-BBBBB', ${Number(departureId)}, 3, 'Old Guest', 'old@example.com', 'confirmed', 3600, 0, 3600, 'due_on_arrival')`,
    );
    const [{ id: bookingId }] = await old.query('SELECT id FROM bookings');
    await old.query(`INSERT INTO booking_refunds (booking_id, cause, payment_intent_id, amount_ore, status, attempts, next_attempt_at) VALUES (${Number(bookingId)}, 'cancelled-by-staff', 'pi_1', 100, 'pending', 0, '2027-01-01 00:00:00')`);
    await old.destroy();

    // The deploy: every migration since.
    const deployed = new DataSource(dataSourceOptions(config));
    await deployed.initialize();
    try {
      await deployed.runMigrations();
      const categories = await deployed.query('SELECT code, name, price_sek AS priceSek, seats_per_unit AS seats, is_adult AS adult, is_default AS isDefault FROM tour_price_categories');
      expect(categories.map((row: Record<string, unknown>) => ({ ...row, adult: Number(row.adult), isDefault: Number(row.isDefault) }))).toEqual([
        { code: 'adult', name: 'Adult', priceSek: 1500, seats: 1, adult: 1, isDefault: 1 },
      ]);
      const [booking] = await deployed.query('SELECT guests, seats, party FROM bookings');
      expect(booking.seats).toBe(3);
      expect(JSON.parse(booking.party)).toEqual([{ code: 'adult', name: 'Adult', quantity: 3, unitPriceSek: 1200, seatsPerUnit: 1, guestsPerUnit: 1 }]);
      expect(await deployed.query('SELECT cause FROM booking_refunds')).toEqual([{ cause: 'cancelled-by-staff' }]);
    } finally {
      await deployed.destroy();
    }
  });

  it.each(databases)('%s: the seeded FAQ answer on cancelling is corrected in every language, an answer staff edited stays theirs', async (_name, database) => {
    const config = await database();
    const before = MIGRATIONS.slice(0, MIGRATIONS.findIndex((migration) => migration.name === 'FaqCancellationAnswer1796900000000'));
    const old = new DataSource({ ...dataSourceOptions(config), migrations: before, dropSchema: true });
    await old.initialize();
    await old.runMigrations();
    const { en, sv, de } = FAQ_CANCELLATION_ANSWERS;
    await old.query("INSERT INTO faq_items (question, answer, topic, sort_order) VALUES ('Can I cancel or change my booking?', ?, 'booking', 0)", [en.seeded]);
    await old.query("INSERT INTO faq_items (question, answer, topic, sort_order) VALUES ('Our own question', ?, 'booking', 1)", [`${en.seeded} Edited by staff.`]);
    const ids: { id: number }[] = await old.query('SELECT id FROM faq_items ORDER BY sort_order');
    const [seeded, edited] = ids.map(({ id }) => Number(id));
    await old.query("INSERT INTO content_translations (subject, subject_id, language, field, text) VALUES ('faq', ?, 'sv', 'answer', ?), ('faq', ?, 'de', 'answer', ?), ('faq', ?, 'sv', 'answer', ?)", [
      seeded, sv.seeded, seeded, de.seeded, edited, 'Vår egen text.',
    ]);
    await old.destroy();

    const deployed = new DataSource(dataSourceOptions(config));
    await deployed.initialize();
    try {
      await deployed.runMigrations();
      expect(await deployed.query('SELECT answer FROM faq_items ORDER BY sort_order')).toEqual([{ answer: en.now }, { answer: `${en.seeded} Edited by staff.` }]);
      expect(await deployed.query('SELECT subject_id AS id, language, text FROM content_translations ORDER BY subject_id, language')).toEqual([
        { id: seeded, language: 'de', text: de.now },
        { id: seeded, language: 'sv', text: sv.now },
        { id: edited, language: 'sv', text: 'Vår egen text.' },
      ]);
      expect(en.now).not.toMatch(/50 %/);
    } finally {
      await deployed.destroy();
    }
  });

  it.each(databases)('%s: the seeded blog posts get their Swedish and German words, a language staff already wrote stays theirs', async (_name, database) => {
    const config = await database();
    const before = MIGRATIONS.slice(0, MIGRATIONS.findIndex((migration) => migration.name === 'BlogTranslations1797800000000'));
    const old = new DataSource({ ...dataSourceOptions(config), migrations: before, dropSchema: true });
    await old.initialize();
    await old.runMigrations();
    const post = (slug: string) => old.query("INSERT INTO blog_posts (slug, title, excerpt, content, cover_image_url, cover_image_alt, author, published_at) VALUES (?, 'T', 'E', '<p>C</p>', '/a.svg', 'a', 'A', '2026-11-01 12:00:00')", [slug]);
    await post(BLOG_POSTS[0]!.slug);
    await post(BLOG_POSTS[1]!.slug);
    await post('our-own-post');
    const ids = new Map(((await old.query('SELECT id, slug FROM blog_posts')) as { id: number; slug: string }[]).map((row) => [row.slug, Number(row.id)]));
    await old.query("INSERT INTO content_translations (subject, subject_id, language, field, text) VALUES ('post', ?, 'sv', 'title', 'Personalens egen titel')", [ids.get(BLOG_POSTS[1]!.slug)]);
    await old.destroy();

    const deployed = new DataSource(dataSourceOptions(config));
    await deployed.initialize();
    try {
      await deployed.runMigrations();
      const words = async (slug: string) =>
        Object.fromEntries(
          ((await deployed.query("SELECT language, field, text FROM content_translations WHERE subject = 'post' AND subject_id = ?", [ids.get(slug)])) as { language: string; field: string; text: string }[]).map((row) => [`${row.language}.${row.field}`, row.text]),
        );
      expect(await words(BLOG_POSTS[0]!.slug)).toEqual({
        'sv.title': BLOG_TRANSLATIONS[0]!.sv.title,
        'sv.excerpt': BLOG_TRANSLATIONS[0]!.sv.excerpt,
        'sv.content': BLOG_TRANSLATIONS[0]!.sv.content,
        'de.title': BLOG_TRANSLATIONS[0]!.de.title,
        'de.excerpt': BLOG_TRANSLATIONS[0]!.de.excerpt,
        'de.content': BLOG_TRANSLATIONS[0]!.de.content,
      });
      // Staff's Swedish stays as they wrote it; the German, which they had not written, is added.
      expect(await words(BLOG_POSTS[1]!.slug)).toMatchObject({ 'sv.title': 'Personalens egen titel', 'de.title': BLOG_TRANSLATIONS[1]!.de.title });
      expect(Object.keys(await words(BLOG_POSTS[1]!.slug)).filter((key) => key.startsWith('sv.'))).toEqual(['sv.title']);
      expect(await words('our-own-post')).toEqual({});
    } finally {
      await deployed.destroy();
    }
  });
});
