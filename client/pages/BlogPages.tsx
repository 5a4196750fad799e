import { useLoaderData } from 'react-router-dom';

import type { Post, PostSummary } from '../../shared/api-types';
import { Picture } from '../components/Picture';
import { useFormat } from '../i18n/format';
import { useT } from '../i18n/i18n';
import { Link } from '../i18n/links';

export type BlogListData = { state: 'list'; posts: PostSummary[] } | { state: 'invalid' | 'error'; posts: [] };

function PostDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{useFormat().postDate(iso)}</time>;
}

export function BlogListPage() {
  const data = useLoaderData() as BlogListData;
  const t = useT();
  return (
    <section className="page page--narrow">
      <h1>{t('blog.title')}</h1>
      <p className="lead">{t('blog.lead')}</p>
      {data.state === 'invalid' && <p className="error-message">{t('blog.invalid')}</p>}
      {data.state === 'error' && <p className="error-message">{t('blog.error')}</p>}
      {data.state === 'list' && data.posts.length === 0 && <p className="error-message">{t('blog.empty')}</p>}
      {data.posts.length > 0 && (
        <ul className="post-list">
          {data.posts.map((post) => (
            <li key={post.id}>
              <article className="post-card">
                {post.cover_image_url && (
                  <Picture variants={post.cover_image_variants} sizes="(min-width: 60rem) 22rem, 100vw">
                    <img src={post.cover_image_url} alt="" width={1200} height={800} loading="lazy" decoding="async" />
                  </Picture>
                )}
                <div>
                  <h2>
                    <Link to={`/blog/${post.slug}/`}>{post.title}</Link>
                  </h2>
                  <p className="post-date">
                    <PostDate iso={post.created_at} />
                  </p>
                  <p>{post.excerpt}</p>
                  <Link to={`/blog/${post.slug}/`} className="read-more">
                    {t('blog.readMore')}
                    <span className="visually-hidden">{`: ${post.title}`}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BlogPostPage() {
  const { post } = useLoaderData() as { post: Post };
  const t = useT();
  return (
    <article className="page page--narrow blog-post">
      <p>
        <Link to="/blog/">{t('blog.allPosts')}</Link>
      </p>
      <h1>{post.title}</h1>
      <p className="post-date">
        <PostDate iso={post.created_at} />
        {` · ${post.author}`}
      </p>
      {/* A cover is optional: a post without one starts with its text. */}
      {post.cover_image_url && (
        <Picture variants={post.cover_image_variants} sizes="(min-width: 48rem) 46rem, 100vw">
          <img src={post.cover_image_url} alt={post.cover_image_alt} width={1200} height={800} />
        </Picture>
      )}
      {/* Sanitised on the server; level-one headings arrive as level three. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
