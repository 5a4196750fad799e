import { MigrationInterface, QueryRunner } from 'typeorm';

import { BLOG_POSTS, BLOG_TRANSLATIONS } from '../seed/blog.catalogue';

/**
 * The catalogue's blog posts in Swedish and German (issue 46: /sv/blog/ and /de/blog/ were
 * English), for a database seeded before they were written: each seeded post still there (by its
 * slug) gets the words of a language it has none in. Staff's own translations are kept; a post
 * staff deleted or renamed is left alone. A fresh database has them from the seeder.
 */
export class BlogTranslations1797800000000 implements MigrationInterface {
  name = 'BlogTranslations1797800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [index, post] of BLOG_POSTS.entries()) {
      const [found] = (await queryRunner.query('SELECT id FROM blog_posts WHERE slug = ?', [post.slug])) as { id: number }[];
      if (!found) continue;
      for (const language of ['sv', 'de'] as const) {
        const [{ count }] = (await queryRunner.query("SELECT COUNT(*) AS count FROM content_translations WHERE subject = 'post' AND subject_id = ? AND language = ?", [found.id, language])) as { count: number | string }[];
        if (Number(count) > 0) continue;
        for (const [field, text] of Object.entries(BLOG_TRANSLATIONS[index]![language])) {
          await queryRunner.query("INSERT INTO content_translations (subject, subject_id, language, field, text) VALUES ('post', ?, ?, ?, ?)", [found.id, language, field, text]);
        }
      }
    }
  }

  down(): Promise<void> {
    // The words it added are indistinguishable from staff's own since: nothing is removed.
    return Promise.resolve();
  }
}
