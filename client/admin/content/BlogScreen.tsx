import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';

import type { AdminPostView } from '../../../shared/admin-types';
import { ADMIN_BASE } from '../../../shared/taxonomy';
import { contentApi } from '../admin-client';
import { formatWhen } from '../admin-format';
import { ProblemSummary, saveProblem } from './content-parts';

export const POSTS_KEY = ['admin', 'blog'] as const;

export const POST_STATUS: Record<AdminPostView['status'], string> = { draft: 'Utkast', scheduled: 'Schemalagd', published: 'Publicerad' };

/** Every post, drafts and scheduled ones too, newest first. */
export function BlogScreen() {
  const posts = useQuery({ queryKey: POSTS_KEY, queryFn: contentApi.posts });
  if (posts.isPending) return <p role="status">Laddar inläggen…</p>;
  if (posts.isError) return <ProblemSummary problem={saveProblem(posts.error)} />;
  return (
    <>
      <p>
        <Link className="button" to={`${ADMIN_BASE}/blog/new/`}>
          Nytt inlägg
        </Link>
      </p>
      <ul className="admin-list content-list">
        {posts.data.map((post) => (
          <li key={post.id}>
            <Link to={`${ADMIN_BASE}/blog/${post.id}/`}>{post.title}</Link>
            <span>{post.status === 'draft' ? POST_STATUS.draft : `${POST_STATUS[post.status]} ${formatWhen(post.publishedAt)}`}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
