import request from 'supertest';
import { DataSource } from 'typeorm';

import type { Post, PostSummary } from '../shared/api-types';
import { BLOG_POSTS } from '../src/app-data/seed/blog.catalogue';
import { useTestApp } from './support/app';
import { saveTestPost } from './support/fixtures';

describe('Blog API (MySQL)', () => {
  const sut = useTestApp();

  it('Lists published posts newest first with excerpts of at most 160 characters and no markup', async () => {
    const response = await request(sut.server).get('/api/blog').expect(200);
    const posts = response.body.data as PostSummary[];
    expect(posts.length).toBeGreaterThanOrEqual(BLOG_POSTS.length);
    const dates = posts.map((post) => post.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of posts) {
      expect(Object.keys(post)).toEqual(expect.arrayContaining(['id', 'slug', 'title', 'excerpt', 'created_at']));
      expect(post.excerpt.length).toBeLessThanOrEqual(160);
      expect(post.excerpt).not.toMatch(/<[a-z/]/i);
    }
    await request(sut.server).get('/api/blog/').expect(200);
  });

  it('Keeps a post out of the list until it is published', async () => {
    const remove = await saveTestPost(sut.app.get(DataSource), { slug: 'future-post', title: 'Future', content: '<p>x</p>', publishedAt: new Date(Date.now() + 86_400_000) });
    try {
      const listed = (await request(sut.server).get('/api/blog').expect(200)).body.data as PostSummary[];
      expect(listed.map((post) => post.slug)).not.toContain('future-post');
      await request(sut.server).get('/api/blog/future-post').expect(404);
    } finally {
      await remove();
    }
  });

  it('Shows a post with sanitised HTML, level-one headings as level three', async () => {
    const remove = await saveTestPost(sut.app.get(DataSource), {
      slug: 'unsafe-post',
      title: 'Unsafe',
      content: '<h1>Big</h1><p onclick="steal()">Text<script>alert(1)</script></p><a href="javascript:alert(1)">link</a>',
    });
    try {
      const post = (await request(sut.server).get('/api/blog/unsafe-post').expect(200)).body as Post;
      expect(post.content).toBe('<h3>Big</h3><p>Text</p><a>link</a>');
      expect(post.excerpt).toBe('Big Text link');
    } finally {
      await remove();
    }
  });

  it('Answers 404 for an unknown post', async () => {
    const response = await request(sut.server).get('/api/blog/no-such-post').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'There is no blog post called "no-such-post".', error: 'Not Found' });
  });
});
