/**
 * The tree's posts as their files say, read here with YAML and never through the build's own
 * reader (scripts/build/posts/read-posts.cjs), so that a check of what the build made compares it
 * with the source, not with itself.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { SITE_ROOT, buildDay } from './site';

export interface PostSource {
  slug: string;
  /** From the repo root: pages/_posts/<slug>.md. */
  file: string;
  title: string;
  description: string;
  date: string;
  updated?: string;
  category: string;
  author: string;
  cover?: string;
  coverAlt?: string;
  draft: boolean;
  /** Dated after the build's day: not published yet. */
  scheduled: boolean;
  /** The Markdown after the front matter. */
  body: string;
}

/**
 * A member of the tree's team, to sign a test's own post (its author must be a member): whoever
 * pages/_data/team.json lists first, so that the test passes whatever the team is.
 */
export function anAuthor(root = SITE_ROOT): string {
  const team = JSON.parse(readFileSync(path.join(root, 'pages/_data/team.json'), 'utf8')) as {
    name: string;
  }[];
  if (!team[0])
    throw new Error('pages/_data/team.json has no member: a test post needs an author from the team.');
  return team[0].name;
}

/** A post's file as a maintainer writes one: its front matter's fields in order, then its text. */
export const postFile = (fields: Record<string, string | boolean>, text = 'A paragraph.') =>
  `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n')}\n---\n\n${text}\n`;

/** The day the build under test published up to: its record's, or today's (UTC) without one. */
export const publishedUpTo = buildDay ?? new Date().toISOString().slice(0, 10);

/** Every post file of the tree, as it says. */
export function postSources(root = SITE_ROOT): PostSource[] {
  const folder = path.join(root, 'pages/_posts');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /\.(md|markdown)$/.test(name))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(folder, name), 'utf8');
      const [, yaml = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
      const data = YAML.parse(yaml, { schema: 'core' }) as Record<string, string | boolean | undefined>;
      const date = String(data.date);
      return {
        slug: name.replace(/\.(md|markdown)$/, ''),
        file: `pages/_posts/${name}`,
        title: String(data.title),
        description: String(data.description),
        date,
        ...(data.updated !== undefined && { updated: String(data.updated) }),
        category: String(data.category),
        author: String(data.author),
        ...(data.cover !== undefined && { cover: String(data.cover), coverAlt: String(data.coverAlt) }),
        draft: data.draft === true,
        scheduled: date > publishedUpTo,
        body,
      };
    });
}

/** The tree's posts. */
export const sources = postSources();
/** The published ones, newest first (then by title, as the listings order them). */
export const publishedSources = sources
  .filter((post) => !post.draft && !post.scheduled)
  .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
