import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNpmServer, type RunningServer } from '../support/server';
import { writeFixtureImage } from '../support/fixture-images.mjs';
import { columnOf, copyOfTree } from '../support/tree-copy';
import { anAuthor, postFile, postSources } from '../support/posts';
import { CATEGORIES } from '../../scripts/build/posts/read-posts.cjs';

/** The blog's categories, as the post schema lists them (the build's own list). */
const categories = CATEGORIES as string[];

const UNKNOWN_PATHS = [
  '/no-such-page',
  '/about-us/no-such-page',
  '/404',
  '/404.html',
  '/x.html',
  '/wp-login.php',
];

/**
 * The status of a GET with the given headers. Not fetch(): with a conditional header it also sends
 * Cache-Control: no-cache (as the Fetch standard says), which forbids a 304.
 */
function conditionalGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode, body }));
    }).on('error', reject);
  });
}

async function get(server: RunningServer, pathname: string, signal?: AbortSignal) {
  const response = await fetch(server.url + pathname, { redirect: 'manual', ...(signal && { signal }) });
  return { status: response.status, body: await response.text() };
}

describe('npm run dev (Parcel dev server)', () => {
  let server: RunningServer;
  // On a copy of the tree, which a test edits as a maintainer would; with its own output and
  // cache, so the dev server never touches the production build's.
  const tree = copyOfTree();
  /** The test's own draft post, in the copy from the start (tree.reset() leaves it). */
  const DRAFT = 'dev-draft-post';
  beforeAll(async () => {
    mkdirSync(path.join(tree.root, 'pages/_posts'), { recursive: true });
    writeFileSync(
      path.join(tree.root, `pages/_posts/${DRAFT}.md`),
      postFile(
        {
          title: 'A draft post',
          description: 'Not published yet.',
          date: '2026-11-02',
          category: categories[0]!,
          author: anAuthor(tree.root),
          draft: true,
        },
        'This post is a draft.',
      ),
    );
    server = await startNpmServer(
      'dev',
      ['--dist-dir', path.join(tree.root, 'dist'), '--cache-dir', path.join(tree.root, 'cache'), '--no-hmr'],
      120_000,
      tree.root,
    );
  }, 130_000);
  afterAll(async () => {
    await server.stop();
    tree.remove();
  });

  /**
   * A page of the dev server once `ready` holds of its answer: a rebuild takes a second on a quiet
   * machine, and many on a busy one. Each request gives up after 5 s and asks again, as a
   * maintainer reloads, so that a request left unanswered (reloadsUntil() tests that none is)
   * fails that test and not each one after it. `ready` names the page awaited, not any build
   * error: a rebuild caught halfway through an edit can fail on something else first.
   */
  async function routeWhen(route: string, ready: (status: number, body: string) => boolean) {
    const deadline = Date.now() + 60_000;
    let last = { status: 0, body: '' };
    while (Date.now() < deadline) {
      last = await get(server, route, AbortSignal.timeout(5_000)).catch(() => last);
      if (ready(last.status, last.body)) return last;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(
      `the dev server did not show ${route} as expected within 60 s: ${last.status} ${last.body.slice(0, 600)}`,
    );
  }

  /** /pricing's page once `ready` holds of it (routeWhen). */
  const pageWhen = async (ready: (body: string) => boolean) =>
    (await routeWhen('/pricing', (_, body) => ready(body))).body;

  /**
   * Waits until the dev server has finished the rebuild that an edit made after `mark` (the length
   * of its output then) set off. Parcel holds every request while it builds, so a test that edits
   * a file the build reads, and does not wait for the page it changes, waits here: the next test's
   * requests would otherwise wait for that build, or be lost if it restarts.
   */
  async function rebuiltSince(mark: number): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const steps: string[] =
        server.output!()
          .slice(mark)
          .match(/Building\.\.\.|Built in|Build failed/g) ?? [];
      if (steps.includes('Building...') && steps.at(-1) !== 'Building...') return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(
      `the dev server did not finish rebuilding within 120 s: ${server.output!().slice(mark).slice(-600)}`,
    );
  }

  /**
   * Asks for /pricing every 50 ms, as a maintainer who keeps reloading, until an answer is `ready`;
   * then gives every request asked until then 30 s to be answered. A request that arrives while a
   * build runs is held until it ends, and answered with its pages or its errors (Parcel's own dev
   * server left it until the next good build: scripts/build/patches/, docs/dependencies.md).
   * Returns the requests left unanswered, by the time they were asked.
   */
  async function reloadsUntil(ready: (answer: { status: number; body: string }) => boolean) {
    const asked: { at: number; answered: boolean }[] = [];
    const started = Date.now();
    const seen = { ready: false };
    const answers: Promise<void>[] = [];
    while (!seen.ready && Date.now() - started < 60_000) {
      const request = { at: Date.now() - started, answered: false };
      asked.push(request);
      answers.push(
        fetch(`${server.url}/pricing`).then(async (response) => {
          const answer = { status: response.status, body: await response.text() };
          request.answered = true;
          if (ready(answer)) seen.ready = true;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.race([Promise.all(answers), new Promise((resolve) => setTimeout(resolve, 30_000))]);
    return asked.filter((request) => !request.answered).map((request) => `asked at ${request.at} ms`);
  }

  it('answers a route with its page', async () => {
    const { status, body } = await get(server, '/about-us/team');
    expect(status).toBe(200);
    expect(body).toContain('<title>Our Team |');
  });

  it('serves the browser editor at /admin, with its configuration made afresh from the schemas', async () => {
    const page = await get(server, '/admin');
    expect(page.status).toBe(200);
    expect(page.body).toContain('rel="cms-config-url"');
    const script = /src="?(\/admin\/sveltia-cms\.[0-9a-f]{8}\.js)/.exec(page.body)?.[1];
    expect((await get(server, script!)).status).toBe(200);
    const slashed = await fetch(`${server.url}/admin/`, { redirect: 'manual' });
    expect(slashed.status).toBe(308);
    expect(slashed.headers.get('location')).toBe('/admin');
    const hintOfFaqQuestion = async () => {
      const config = JSON.parse((await get(server, '/admin/config.json')).body) as {
        collections: {
          name: string;
          files?: { name: string; fields: { name: string; fields?: { name: string; hint?: string }[] }[] }[];
        }[];
      };
      const faqs = config.collections
        .find((collection) => collection.name === 'data')!
        .files!.find((file) => file.name === 'faqs')!;
      return faqs.fields
        .find((field) => field.name === 'pricing')!
        .fields!.find((field) => field.name === 'question')!.hint;
    };
    expect(await hintOfFaqQuestion()).toBe('The question, as the visitor would ask it');
    const mark = server.output!().length;
    tree.edit(
      'pages/_data/schemas/faqs.schema.json',
      'The question, as the visitor would ask it',
      'The question, in the visitor’s words',
    );
    try {
      expect(await hintOfFaqQuestion()).toBe('The question, in the visitor’s words');
    } finally {
      tree.reset();
    }
    // The pages read the schemas too: the edit rebuilds them all.
    await rebuiltSince(mark);
  }, 150_000);

  it.each(UNKNOWN_PATHS)('answers %s with the 404 page and status 404', async (pathname) => {
    const { status, body } = await get(server, pathname);
    expect(status).toBe(404);
    expect(body).toContain('<title>Page Not Found');
  });

  it('answers a conditional request for an unknown path with the whole 404 page', async () => {
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    const { status, body } = await conditionalGet(`${server.url}/no-such-page`, {
      'If-Modified-Since': future,
    });
    expect(status).toBe(404);
    expect(body).toContain('<title>Page Not Found');
  });

  it('answers a malformed escape with the 404 page and status 400, never a stack trace', async () => {
    const { status, body } = await get(server, '/%E0%A4%A');
    expect(status).toBe(400);
    expect(body).toContain('<title>Page Not Found');
    expect(body).not.toMatch(/URIError|at \S+ \(/);
  });

  it.each([
    ['/about-us/', '/about-us'],
    ['/about-us.html', '/about-us'],
    ['/index.html', '/'],
  ])('redirects %s to the one URL %s, as the hosts do', async (alias, canonical) => {
    const response = await fetch(server.url + alias, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(canonical);
  });

  it.each(['/about-us', '/'])(
    'answers a conditional request for %s and its stylesheet with 304',
    async (route) => {
      const page = await fetch(server.url + route);
      const stylesheet = /<link rel="?stylesheet"? href="?(\/[^ ">]+\.css)/.exec(await page.text())?.[1];
      expect(stylesheet).toBeDefined();
      for (const url of [server.url + route, server.url + stylesheet!]) {
        const first = await fetch(url);
        expect(first.status, url).toBe(200);
        const lastModified = first.headers.get('last-modified');
        expect(lastModified, url).toBeTruthy();
        expect((await conditionalGet(url, { 'If-Modified-Since': lastModified! })).status, url).toBe(304);
      }
    },
  );

  it("shows a maintainer's mistake as one block with the file, line and fix, and recovers when it is fixed", async () => {
    const line = tree.edit('partials/content/addon.html', '{{ addon.price }}', '{{ addon.prise }}');
    expect(
      await reloadsUntil(({ body }) => body.includes('reads &quot;prise&quot;')),
      'reloads while the mistake was built, left unanswered',
    ).toEqual([]);
    const error = await pageWhen((body) => body.includes('reads &quot;prise&quot;'));
    expect(error).toContain('Build Error');
    expect(error).toContain(
      `partials/content/addon.html:${line}:${columnOf('partials/content/addon.html', '{{ addon.price }}')}`,
    );
    expect(error).toContain('reads &quot;prise&quot;, which pricing.addons[0] does not have');
    expect(error).toContain('Correct the name');
    expect(error).not.toMatch(/node_modules|\n\s+at /);

    tree.edit('partials/content/addon.html', '{{ addon.prise }}', '{{ addon.price }}');
    const fixed = await pageWhen((body) => !body.includes('Build Error'));
    expect(fixed).toContain('<title>Pricing');
  }, 150_000);

  it('shows a Sass error as one block at the file and line, and recovers', async () => {
    const line = tree.edit('styles/components/_addon.scss', 'padding: space(6);', 'padding: $space-six;');
    const error = await pageWhen((body) => body.includes('_addon.scss'));
    expect(error).toContain('Build Error');
    expect(error).toMatch(new RegExp(`styles/components/_addon\\.scss:${line}:\\d+: Sass: `));
    expect(error).toContain('Correct the Sass at that line');
    expect(error).not.toMatch(/node_modules|sass\.dart/);

    tree.edit('styles/components/_addon.scss', 'padding: $space-six;', 'padding: space(6);');
    expect(await pageWhen((body) => !body.includes('Build Error'))).toContain('<title>Pricing');
  }, 150_000);

  it('shows a photo named before it is in pages/_images/, and shows the page once the photo is added', async () => {
    tree.edit(
      'pages/pricing.html',
      '<layout>',
      '<layout>\n  <img src="/pages/_images/dev-photo.jpg" alt="" sizes="10rem" widths="160" />',
    );
    const error = await pageWhen((body) => body.includes('dev-photo.jpg'));
    expect(error).toContain('Build Error');
    expect(error).toContain('The image &quot;dev-photo.jpg&quot; is not in pages/_images/');

    const made = mkdtempSync(path.join(tmpdir(), 'dev-photo-'));
    await writeFixtureImage(made, { name: 'dev-photo.jpg', width: 400, height: 300 });
    tree.write('pages/_images/dev-photo.jpg', readFileSync(path.join(made, 'dev-photo.jpg')));
    rmSync(made, { recursive: true, force: true });
    const fixed = await pageWhen((body) => !body.includes('Build Error') && body.includes('<picture>'));
    expect(fixed).toMatch(/dev-photo-160w\.[0-9a-f]+\.avif 160w/);
  }, 150_000);

  it('shows a draft, marked as a draft, and lists it on /blog', async () => {
    const post = await get(server, `/blog/${DRAFT}`);
    expect(post.status).toBe(200);
    expect(post.body).toContain('Draft: not published');
    expect(post.body).toContain('<meta name="robots" content="noindex"');
    expect((await get(server, '/blog')).body).toContain(`/blog/${DRAFT}`);
  });

  it('shows a post dated after today, marked as scheduled, and keeps it out of search engines', async () => {
    const file = 'pages/_posts/dev-scheduled-post.md';
    tree.write(
      file,
      postFile(
        {
          title: 'A scheduled post',
          description: 'Dated after today.',
          date: '2999-01-01',
          category: 'seo',
          author: anAuthor(),
        },
        'Later.',
      ),
    );
    try {
      const scheduled = await routeWhen(
        '/blog/dev-scheduled-post',
        (status, body) => status === 200 && body.includes('Later.'),
      );
      expect(scheduled.body).toContain('Scheduled: published on January 1, 2999');
      expect(scheduled.body).toContain('<meta name="robots" content="noindex"');
    } finally {
      // Gone again, so that the next test finds its category as it was.
      rmSync(path.join(tree.root, file), { force: true });
      await routeWhen('/blog/dev-scheduled-post', (status) => status === 404);
    }
  });

  it('shows an edit to a post, a new post and a deleted one, without a restart', async () => {
    // The new post goes in a category no post of the site is in, when there is one: deleted, it
    // leaves that category's listing under construction again.
    const emptyCategory = categories.find(
      (category) => !postSources(tree.root).some((post) => post.category === category),
    );
    const category = emptyCategory ?? categories[0]!;
    const file = path.join(tree.root, `pages/_posts/${DRAFT}.md`);
    tree.edit(`pages/_posts/${DRAFT}.md`, 'This post is a draft.', 'This post is an edited draft.');
    await routeWhen(`/blog/${DRAFT}`, (_, body) => body.includes('This post is an edited draft.'));
    tree.write(
      'pages/_posts/dev-new-post.md',
      postFile(
        {
          title: 'A new post',
          description: 'Written while the dev server runs.',
          date: '2026-11-21',
          category,
          author: anAuthor(),
        },
        'New text.',
      ),
    );
    const added = await routeWhen(
      '/blog/dev-new-post',
      (status, body) => status === 200 && body.includes('New text.'),
    );
    expect(added.body).toContain('<h1');
    await routeWhen(`/blog/${category}`, (_, body) => body.includes('/blog/dev-new-post'));

    // Deleted, the post is gone, and its category, if it had no other, is under construction again.
    rmSync(path.join(tree.root, 'pages/_posts/dev-new-post.md'));
    await routeWhen('/blog/dev-new-post', (status) => status === 404);
    await routeWhen(
      `/blog/${category}`,
      (_, body) =>
        !body.includes('/blog/dev-new-post') && (!emptyCategory || body.includes('Under construction')),
    );

    // Saved in place, as many editors save: the posts' folder is unchanged, only the post's file;
    // its text first (which no other page shows), then its title (which /blog shows).
    const saveInPlace = (from: string | RegExp, to: string) =>
      writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
    saveInPlace('This post is an edited draft.', 'This post is a draft saved in place.');
    await routeWhen(`/blog/${DRAFT}`, (_, body) => body.includes('This post is a draft saved in place.'));
    saveInPlace(/^title: .*$/m, 'title: A draft retitled in place');
    await routeWhen('/blog', (_, body) => body.includes('A draft retitled in place'));
  }, 150_000);
});
