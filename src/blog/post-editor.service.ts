import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

import type { AdminPostView, PostInput, PostTranslation } from '../../shared/admin-types';
import { AuditedEditor } from '../common/audit/audited-editor';
import { AuditLogService } from '../common/audit/audit-log.service';
import { BlogPost } from './blog-post.entity';
import { ContentTranslations } from '../common/i18n/content-translations.service';
import { EditorTranslations } from '../common/i18n/editor-translations';
import { POST_TEXT_FIELDS, sanitizePostHtml } from './blog.service';
import { clock } from '../common/clock';

export function postStatus(post: Pick<BlogPost, 'isDraft' | 'publishedAt'>, now = clock.now()): AdminPostView['status'] {
  if (post.isDraft) return 'draft';
  return post.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

function view(post: BlogPost): AdminPostView {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    coverImageUrl: post.coverImageUrl,
    coverImageAlt: post.coverImageAlt,
    coverImageVariants: post.coverImageVariants,
    author: post.author,
    publishedAt: post.publishedAt.toISOString(),
    isDraft: post.isDraft,
    status: postStatus(post),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** Staff write posts: drafts, scheduled or published; the HTML is kept sanitised with the site's allow-list. */
@Injectable()
export class PostEditor extends AuditedEditor<BlogPost, PostInput, AdminPostView> {
  constructor(@InjectDataSource() dataSource: DataSource, audit: AuditLogService, translations: ContentTranslations) {
    super(dataSource, audit, {
      entity: BlogPost,
      kind: 'post',
      missing: 'inget blogginlägg',
      order: { publishedAt: 'DESC', id: 'DESC' },
      unique: { field: 'slug', label: 'slug' },
      view,
      apply(post, { publishedAt, content, ...fields }) {
        Object.assign(post, fields);
        if (content !== undefined) post.content = sanitizePostHtml(content);
        if (publishedAt !== undefined) post.publishedAt = new Date(publishedAt);
      },
    });
    this.inLanguages = new EditorTranslations(translations, 'post', POST_TEXT_FIELDS, (id) => this.get(id));
  }

  /** The posts' words in Swedish and German, null where one is missing; and staff setting them (the site makes their HTML safe as it shows it). */
  readonly inLanguages: EditorTranslations<AdminPostView, keyof PostTranslation>;
}
