/** Types for site-data.cjs, which the PostHTML plugin uses and the build tests check. */
export const ROOT: string;
/** `posts`: slugs of posts whose files must be unchanged too, or "all". */
export function loadSiteData(options?: { posts?: string[] | 'all' }): {
  routes: { path: string }[];
  files: string[];
  layoutSource: string;
  locals: Record<string, unknown>;
  /** The blog (posts/blog-data.cjs): its published posts and its listings' pages. */
  blog: {
    order: string[];
    posts: Record<string, { path: string; title: string; category: string }>;
    pages: Record<string, { path: string; listing: string; number: number; posts: string[] }>;
  };
};
