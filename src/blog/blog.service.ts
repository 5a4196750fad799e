import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import sanitizeHtml from 'sanitize-html';
import { LessThanOrEqual, Repository } from 'typeorm';

import type { Post, PostSummary } from '../../client/api/types';
import { excerpt } from '../common/text/clean-text';
import { BlogPost } from './blog-post.entity';

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
  };
}

@Injectable()
export class BlogService {
  constructor(@InjectRepository(BlogPost) private readonly posts: Repository<BlogPost>) {}

  /** Published posts, newest first. */
  async list(): Promise<PostSummary[]> {
    const posts = await this.posts.find({
      where: { publishedAt: LessThanOrEqual(new Date()) },
      order: { publishedAt: 'DESC', id: 'DESC' },
    });
    return posts.map(mapPostSummary);
  }

  async findBySlug(slug: string): Promise<Post | null> {
    const post = await this.posts.findOne({ where: { slug, publishedAt: LessThanOrEqual(new Date()) } });
    if (!post) return null;
    return { ...mapPostSummary(post), content: sanitizePostHtml(post.content), author: post.author };
  }

  async getBySlug(slug: string): Promise<Post> {
    const post = await this.findBySlug(slug);
    if (!post) throw new NotFoundException(`There is no blog post called "${slug}".`);
    return post;
  }
}
