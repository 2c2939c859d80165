/**
 * The blog's budget (docs/blog.md, "Scale"): what a post costs a build, side by side with what an
 * under-construction page costs, and how soon the dev server shows an edit to one post.
 */
import { readFileSync } from 'node:fs';
import { copyOfTree, type TreeCopy } from '../support/tree-copy';
import { addPlaceholders, rebuildTimes } from './build-times';

export const SCALED_POSTS = 1000;
const CATEGORIES = ['marketing-tips', 'seo', 'lead-generation', 'industry-news'];

/** A post of about 600 words, with sections (so contents), a list, a table and links to its neighbours. */
function generatedPost(index: number, author: string): string {
  const paragraph =
    `An investor who answers a seller first wins the deal more often than not, so post ${index} looks at one way to be first: a page that answers the question a seller asks, in the words they use, with a phone number where the eye lands. `.repeat(
      3,
    );
  const day = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const sections = ['Why it matters', 'What to do first', 'What it costs', 'How to measure it']
    .map((heading) => `## ${heading}\n\n${paragraph}\n\n${paragraph}\n`)
    .join('\n');
  return `---
title: Budget post ${index} on investor marketing
description: One of ${SCALED_POSTS} generated posts that measure what the blog costs a build.
date: ${day}
category: ${CATEGORIES[index % CATEGORIES.length]}
author: ${author}
---

${paragraph}

- a list item
- [the post before](/blog/budget-post-${Math.max(1, index - 1)})

${sections}
| Step | Cost | Time |
| ---- | ---- | ---- |
| one  | $1   | 1 day |
`;
}

/** A copy of the project with `count` under-construction routes. */
function withPlaceholders(count: number): TreeCopy {
  const tree = copyOfTree();
  addPlaceholders(tree, count);
  return tree;
}

/** A copy of the project with `count` published posts. */
function withPosts(count: number): TreeCopy {
  const tree = copyOfTree();
  const team = JSON.parse(readFileSync(`${tree.root}/pages/_data/team.json`, 'utf8')) as { name: string }[];
  for (let index = 1; index <= count; index += 1)
    tree.write(`pages/_posts/budget-post-${index}.md`, generatedPost(index, team[index % team.length]!.name));
  return tree;
}

/** A cold `npm run build` of a copy, in ms. */
function buildTime(tree: TreeCopy): number {
  const started = performance.now();
  tree.build();
  return performance.now() - started;
}

/**
 * Three cold builds side by side: the site as it is, with SCALED_POSTS posts, and with as many
 * under-construction pages. What a post costs is its build's time over the site's, per post; a
 * placeholder's, the same. In ms.
 */
export function blogBuildTimes() {
  const trees = [copyOfTree(), withPosts(SCALED_POSTS), withPlaceholders(SCALED_POSTS)];
  try {
    const [site, posts, placeholders] = trees.map(buildTime) as [number, number, number];
    return {
      site,
      posts,
      placeholders,
      perPost: (posts - site) / SCALED_POSTS,
      perPlaceholder: (placeholders - site) / SCALED_POSTS,
    };
  } finally {
    for (const tree of trees) tree.remove();
  }
}

/**
 * Parcel's own "Built in" time of three rebuilds under `npm run dev`'s watcher, with
 * SCALED_POSTS posts, each after an edit to one post's text.
 */
export async function postEditTimes(): Promise<number[]> {
  const tree = withPosts(SCALED_POSTS);
  const post = 'pages/_posts/budget-post-500.md';
  const text = readFileSync(`${tree.root}/${post}`, 'utf8');
  // As npm run dev starts it: the pages written first, then Parcel watching them.
  return rebuildTimes(
    tree,
    'node scripts/build/posts/generate.mjs && exec npx parcel watch "pages/**/*.html" --cache-dir cache',
    (rebuild) => tree.write(post, `${text}\nEdited for rebuild ${rebuild}.\n`),
  );
}
