import { Link, useLoaderData } from 'react-router-dom';

import type { Post, PostSummary } from '../../shared/api-types';
import { Picture } from '../components/Picture';
import { formatPostDate } from '../format';

export type BlogListData = { state: 'list'; posts: PostSummary[] } | { state: 'invalid' | 'error'; posts: [] };

function PostDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatPostDate(iso)}</time>;
}

export function BlogListPage() {
  const data = useLoaderData() as BlogListData;
  return (
    <section className="page page--narrow">
      <h1>Stories from the Arctic</h1>
      <p className="lead">Aurora tips, packing lists and life with huskies and reindeer, from our guides.</p>
      {data.state === 'invalid' && <p className="error-message">Invalid blog data returned from server.</p>}
      {data.state === 'error' && <p className="error-message">Unable to load blog posts. Please try again later.</p>}
      {data.state === 'list' && data.posts.length === 0 && <p className="error-message">No posts yet. Check back soon!</p>}
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
                    Read More<span className="visually-hidden">{`: ${post.title}`}</span>
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
  return (
    <article className="page page--narrow blog-post">
      <p>
        <Link to="/blog/">← All posts</Link>
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
