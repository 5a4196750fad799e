import { Link, useLoaderData } from 'react-router-dom';

import type { Post, PostSummary } from '../api/types';
import { formatPostDate } from '../format';

export function BlogListPage() {
  const { posts } = useLoaderData() as { posts: PostSummary[] };
  return (
    <section className="page">
      <h1>Stories from the Arctic</h1>
      <p className="lead">Aurora tips, packing lists and life with huskies and reindeer, from our guides.</p>
      {posts.length === 0 ? (
        <p className="error-message">No posts yet. Check back soon!</p>
      ) : (
        <ul className="post-list">
          {posts.map((post) => (
            <li key={post.id}>
              <article>
                <h2>
                  <Link to={`/blog/${post.slug}/`}>{post.title}</Link>
                </h2>
                <p className="post-date">
                  <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
                </p>
                <p>{post.excerpt}</p>
                <Link to={`/blog/${post.slug}/`}>
                  Read More<span className="visually-hidden">: {post.title}</span>
                </Link>
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
        <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time> · {post.author}
      </p>
      <img src={post.cover_image_url} alt={post.cover_image_alt} width={1200} height={800} />
      {/* Sanitised on the server; level-one headings arrive as level three. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
