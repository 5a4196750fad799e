import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import sanitizeHtml from 'sanitize-html';
import { LessThanOrEqual, MoreThan, Repository } from 'typeorm';

import type { Post, PostSummary } from '../../shared/api-types';
import type { Lang } from '../../shared/languages';
import { CatalogueCache } from '../common/cache/catalogue-cache';
import { ContentChanges } from '../common/cache/content-changes';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { translatedText } from '../common/i18n/translated';
import { toDate } from '../database/sql-values';
import { excerpt } from '../common/text/clean-text';
import { BlogPost } from './blog-post.entity';
import { clock } from '../common/clock';

export const EXCERPT_LENGTH = 160;

/** Editors' HTML, made safe: no scripts, styles or event handlers; links keep only safe schemes. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a', 'blockquote', 'figure', 'figcaption', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    // Spec section 7: level-one headings in a post are shown as level three.
    transformTags: { h1: 'h3' },
  });
}

function mapPostSummary(post: BlogPost): PostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: excerpt(post.excerpt || post.content, EXCERPT_LENGTH),
    created_at: post.publishedAt.toISOString(),
    cover_image_url: post.coverImageUrl,
    cover_image_alt: post.coverImageAlt,
    ...(post.coverImageVariants?.length ? { cover_image_variants: post.coverImageVariants } : {}),
  };
}

function mapPost(post: BlogPost): Post {
  return { ...mapPostSummary(post), content: sanitizePostHtml(post.content), author: post.author };
}

/** The words of a post staff translate (content_translations, subject `post`). */
export const POST_TEXT_FIELDS = ['title', 'excerpt', 'content'] as const;

/** A post in another language: each field translated where it is (the HTML made safe as the English is), English where not. */
function inWords(post: BlogPost, words: Record<string, string> | undefined): BlogPost {
  if (!words) return post;
  const content = translatedText(words.content);
  // A translated text without its own excerpt gets one made from it, not the English one.
  return { ...post, title: translatedText(words.title) ?? post.title, content: content ?? post.content, excerpt: translatedText(words.excerpt) ?? (content ? '' : post.excerpt) };
}

/** The posts a visitor may see now: published, and not a draft. */
const shownNow = () => ({ publishedAt: LessThanOrEqual(clock.now()), isDraft: false });
const NEWEST_FIRST = { publishedAt: 'DESC', id: 'DESC' } as const;

@Injectable()
export class BlogService {
  constructor(
    @InjectRepository(BlogPost) private readonly posts: Repository<BlogPost>,
    private readonly cache: CatalogueCache,
    private readonly changes: ContentChanges,
    private readonly translations: ContentTranslations,
  ) {
    // A scheduled post appears when its time comes, without a write.
    changes.addClock('posts', (now) => this.nextPublication(now));
  }

  /** Published posts, newest first, in `lang` (English where a post has no translation). */
  list(lang: Lang = 'en'): Promise<PostSummary[]> {
    return this.cache.read(lang === 'en' ? 'posts' : `posts?lang=${lang}`, async () => {
      this.changes.dependOn('posts');
      const posts = await this.inLanguage(await this.posts.find({ where: shownNow(), order: NEWEST_FIRST }), lang);
      return posts.map(mapPostSummary);
    });
  }

  /** Posts with their words in `lang`. */
  private async inLanguage(posts: BlogPost[], lang: Lang): Promise<BlogPost[]> {
    if (lang === 'en' || posts.length === 0) return posts;
    const found = await this.translations.of('post', posts.map((post) => post.id));
    return posts.map((post) => inWords(post, found.get(post.id)?.get(lang)));
  }

  /** The newest published posts with their text (the AI guide reads them). */
  async published(limit: number): Promise<Post[]> {
    const posts = await this.posts.find({ where: shownNow(), order: NEWEST_FIRST, take: limit });
    return posts.map(mapPost);
  }

  findBySlug(slug: string, lang: Lang = 'en'): Promise<Post | null> {
    return this.cache.read(`post/${encodeURIComponent(slug)}${lang === 'en' ? '' : `?lang=${lang}`}`, async () => {
      this.changes.dependOn('posts');
      const post = await this.posts.findOne({ where: { slug, ...shownNow() } });
      return post ? mapPost((await this.inLanguage([post], lang))[0]!) : null;
    });
  }

  /** When the next scheduled post is published: a time in ms, or Infinity. */
  async nextPublication(now: Date): Promise<number> {
    const next = await this.posts.findOne({ where: { publishedAt: MoreThan(now), isDraft: false }, order: { publishedAt: 'ASC' }, select: { id: true, publishedAt: true } });
    return next ? toDate(next.publishedAt).getTime() : Number.POSITIVE_INFINITY;
  }

  async getBySlug(slug: string, lang: Lang = 'en'): Promise<Post> {
    const post = await this.findBySlug(slug, lang);
    if (!post) throw new NotFoundException(`There is no blog post called "${slug}".`);
    return post;
  }
}
