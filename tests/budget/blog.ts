/**
 * The blog's budget (docs/performance.md, "Scale"): what 1,000 posts cost a cold build and a
 * publish after one post's edit, side by side with the site as it is, and how soon the dev server
 * shows an edit to one post.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runIn } from '../support/site';
import { copyOfSite, type TreeCopy } from '../support/tree-copy';
import { WATCH, rebuildTimes } from './build-times';

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

/** A copy of the site with `count` published posts. */
function withPosts(count: number): TreeCopy {
  const tree = copyOfSite();
  const team = JSON.parse(readFileSync(`${tree.root}/pages/_data/team.json`, 'utf8')) as { name: string }[];
  for (let index = 1; index <= count; index += 1)
    tree.write(`pages/_posts/budget-post-${index}.md`, generatedPost(index, team[index % team.length]!.name));
  return tree;
}

/** A step of the build and its time, in ms. */
export interface TimedStep {
  step: string;
  ms: number;
}

/**
 * The lines where `npm run build` says where its time went (scripts/build/build.mjs), and where its
 * last reporter does (hosting-reporter.cjs).
 */
const PHASES = /Built in [\d.]+ s: ([\d.]+) s before Parcel, ([\d.]+) s in Parcel\./;
const FINISHING = /Finished for the hosts in ([\d.]+) s/;

/**
 * `npm run build` in a copy, with the copy's build cache as it is (cold in a fresh copy): its
 * time, in ms, in the phases it reports, after the time Node and the build's modules took to start.
 */
function timedBuild(tree: TreeCopy): TimedStep[] {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'build'], { ...runIn(tree.root), encoding: 'utf8' });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`The copy's build stopped:\n${run.stderr}${run.stdout}`);
  const [, before, parcel] = PHASES.exec(run.stdout) ?? [];
  const [, finishing] = FINISHING.exec(run.stdout) ?? [];
  if (!parcel || !finishing)
    throw new Error(`The copy's build did not say where its time went:\n${run.stdout}`);
  const steps = [
    { step: 'before Parcel', ms: Number(before) * 1000 },
    { step: 'Parcel', ms: (Number(parcel) - Number(finishing)) * 1000 },
    { step: 'finishing for the hosts', ms: Number(finishing) * 1000 },
  ];
  return [{ step: 'starting', ms: ms - totalOf(steps) }, ...steps];
}
export const totalOf = (steps: TimedStep[]) => steps.reduce((sum, { ms }) => sum + ms, 0);

/**
 * Eleventy 3, the field's yardstick, over the same Markdown files: each post through a one-file
 * Liquid layout (its title, its description, its text), cold, as its own command line runs it.
 * The time in ms. What the site does beyond it (partials, data, listings, checks, photos, hashed
 * bundles) is what the ratio pays for.
 */
function eleventyBuildMs(postsFolder: string): number {
  const project = mkdtempSync(path.join(tmpdir(), 'eleventy-'));
  try {
    cpSync(postsFolder, path.join(project, 'src'), { recursive: true });
    mkdirSync(path.join(project, 'src/_includes'));
    writeFileSync(
      path.join(project, 'src/_includes/post.liquid'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title></head>' +
        '<body><main><h1>{{ title }}</h1><p>{{ description }}</p>{{ content }}</main></body></html>\n',
    );
    writeFileSync(
      path.join(project, 'eleventy.config.mjs'),
      "export default (config) => { config.addGlobalData('layout', 'post.liquid'); return { dir: { input: 'src', output: 'out' } }; };\n",
    );
    const started = performance.now();
    const run = spawnSync(
      'node',
      [path.join(ROOT, 'node_modules/@11ty/eleventy/cmd.cjs'), '--config=eleventy.config.mjs', '--quiet'],
      { cwd: project, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`Eleventy stopped:\n${run.stderr}${run.stdout}`);
    return performance.now() - started;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * What an owner waits for, side by side in one run: a cold build of the site as it is, a cold
 * build with SCALED_POSTS posts, and the same build again after one post's text changed (a
 * publish, from the build cache the first left). Each as its steps' times; and Eleventy 3 over the
 * same posts' Markdown, cold (eleventyBuildMs).
 */
export function blogBuildTimes() {
  const [site, posts] = [copyOfSite(), withPosts(SCALED_POSTS)];
  try {
    const shipped = timedBuild(site);
    const cold = timedBuild(posts);
    const eleventy = eleventyBuildMs(path.join(posts.root, 'pages/_posts'));
    const post = 'pages/_posts/budget-post-500.md';
    posts.write(post, `${readFileSync(`${posts.root}/${post}`, 'utf8')}\nEdited for the budget.\n`);
    const edited = timedBuild(posts);
    return { shipped, cold, edited, eleventy };
  } finally {
    site.remove();
    posts.remove();
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
  // As npm run dev starts it: the posts' index written first, then Parcel watching the pages.
  return rebuildTimes(tree, `node scripts/build/posts/posts-index.cjs && ${WATCH}`, (rebuild) =>
    tree.write(post, `${text}\nEdited for rebuild ${rebuild}.\n`),
  );
}
