/** Types for site-data.cjs, which the PostHTML plugin uses and the build tests check. */
export const ROOT: string;

/** A published post as the templates read it (posts/read-posts.cjs, posts/blog-data.cjs). */
export interface BlogPost {
  slug: string;
  /** Its file, from the repo root: pages/_posts/<slug>.md. */
  file: string;
  path: string;
  title: string;
  description: string;
  date: string;
  dateText: string;
  updated: string;
  category: string;
  categoryLabel: string;
  categoryPath: string;
  author: string;
  authorHref: string;
  cover: string;
  coverAlt: string;
  draft: boolean;
  scheduled: boolean;
  /** The start of its day and of its last update's, with the zone's offset. */
  published: string;
  modified: string;
  shareCard: string;
  related: string[];
  newer: { path: string; title: string };
  older: { path: string; title: string };
  headings: { id: string; text: string }[];
  numberedHeadings: boolean;
  readingMinutes: number;
  feeds: { href: string; title: string }[];
}

/** A page of a listing: /blog, a category, or their later pages. */
export interface ListingPage {
  path: string;
  listing: string;
  label: string;
  title: string;
  heading: string;
  description: string;
  number: number;
  count: number;
  posts: string[];
  previous: string;
  next: string;
  feed: string;
}

/**
 * Where each call to action leads (site.json `liveActions`): an empty href is the specification's
 * placeholder, a button that shows the toast.
 */
export interface CallsToAction {
  live: boolean;
  getStarted: string;
  callNow: string;
  bookCall: string;
  /** Each package's button, by package name. */
  packages: Record<string, string>;
}

/**
 * `posts`: slugs of posts whose files must be unchanged too, or "all". `day`: publish the posts
 * dated up to it (YYYY-MM-DD), instead of the build's day.
 */
export function loadSiteData(options?: { posts?: string[] | 'all'; day?: string }): {
  routes: { path: string }[];
  files: string[];
  layoutSource: string;
  /** The day the posts are published up to. */
  day: string;
  actions: CallsToAction;
  locals: Record<string, unknown>;
  /** The blog (posts/blog-data.cjs): its published posts and its listings' pages. */
  blog: {
    order: string[];
    posts: Record<string, BlogPost>;
    pages: Record<string, ListingPage>;
    categories: { slug: string; path: string; label: string; count: number }[];
  };
};
