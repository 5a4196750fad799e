import { DataSource } from 'typeorm';

import { BlogPost } from '../../src/blog/blog-post.entity';

/** Saves a blog post for one test; returns a function that removes it again. */
export async function saveTestPost(dataSource: DataSource, post: Partial<BlogPost> & Pick<BlogPost, 'slug' | 'title' | 'content'>): Promise<() => Promise<void>> {
  const posts = dataSource.getRepository(BlogPost);
  await posts.save(
    posts.create({ excerpt: '', coverImageUrl: '/images/art/hero.svg', coverImageAlt: 'x', author: 'Test', publishedAt: new Date(Date.now() - 1000), ...post }),
  );
  return async () => {
    await posts.delete({ slug: post.slug });
  };
}
