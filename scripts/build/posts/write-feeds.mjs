/**
 * Runs after `parcel build`: writes the blog's Atom feeds, with the `feed` package, from the built
 * post pages: /feed.xml for the whole blog and /blog/<category>/feed.xml for each category with
 * posts, the newest FEED_SIZE posts each, with their full text. Read from the built pages, so that
 * every photo and link in them is the one the site serves, made absolute (a feed reader knows no
 * site to resolve a path against). No post, no feed: the pages then advertise none either.
 *
 *   node scripts/build/posts/write-feeds.mjs
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Feed } from 'feed';
import { imageSize } from 'image-size';
import { parser } from 'posthtml-parser';
import { render } from 'posthtml-render';

const require = createRequire(import.meta.url);
const { ROOT } = require('../repo-root.cjs');
const { loadSiteData } = require('../posthtml-site/site-data.cjs');

const DIST = path.join(ROOT, 'dist');
/** The newest posts a feed carries: enough for a reader that checks once a month. */
const FEED_SIZE = 20;

const {
  blog,
  locals: { site, routes },
} = loadSiteData();

/** A URL of the site, made absolute. */
const absolute = (url) => (url.startsWith('/') && !url.startsWith('//') ? `${site.url}${url}` : url);
/** The built file of a URL of the site (absolute or from the root). */
const builtFile = (url) => path.join(DIST, decodeURIComponent(new URL(url, site.url).pathname));

/** The elements of a node list, depth first. */
function* elements(nodes) {
  for (const node of nodes ?? []) {
    if (!node || typeof node !== 'object') continue;
    yield node;
    yield* elements(node.content);
  }
}

/**
 * A post's text as a feed carries it, from its built page: each picture its fallback <img> (a
 * reader may not take <picture>), with that file's own width and height, the headings' "#" links
 * left out (a reader shows them bare), every address absolute; and its share card, with its size
 * in bytes, for the entry's enclosure.
 */
function feedHtml(post) {
  const html = readFileSync(path.join(DIST, `${post.path.slice(1)}.html`), 'utf8');
  const tree = parser(html);
  const body = [...elements(tree)].find((node) => node.attrs?.class?.split(' ').includes('ds-post__body'));
  const simplify = (nodes) =>
    (nodes ?? []).flatMap((node) => {
      if (!node || typeof node !== 'object') return [node];
      if (node.tag === 'picture') {
        // The picture's width and height are its largest variant's; the fallback is narrower.
        return simplify(node.content.filter((child) => child.tag === 'img')).map((img) => {
          const { width, height } = imageSize(readFileSync(builtFile(img.attrs.src)));
          return { ...img, attrs: { ...img.attrs, width: String(width), height: String(height) } };
        });
      }
      if (node.attrs?.class?.split(' ').includes('ds-post__anchor')) return [];
      const attrs = { ...node.attrs };
      for (const name of ['src', 'href'])
        if (typeof attrs[name] === 'string') attrs[name] = absolute(attrs[name]);
      delete attrs.loading;
      delete attrs.decoding;
      return [{ ...node, attrs, content: simplify(node.content) }];
    });
  const cover = /<meta property=og:image content=([^ >]+)>/.exec(html)?.[1];
  const card =
    cover && new URL(cover, site.url).origin === site.url && !cover.endsWith(site.shareImage)
      ? absolute(cover)
      : undefined;
  return {
    content: render(simplify(body.content)),
    image: card && { url: card, length: statSync(builtFile(card)).size },
  };
}

/** One feed: its posts (slugs, newest first), where it is, and what it is called. */
function writeFeed(slugs, listingPath, feedPath) {
  const route = routes[listingPath];
  const posts = slugs.slice(0, FEED_SIZE).map((slug) => blog.posts[slug]);
  const feed = new Feed({
    title: `${route.title} | ${site.name}`,
    description: route.description,
    id: `${site.url}${listingPath}`,
    link: `${site.url}${listingPath}`,
    language: 'en',
    copyright: `© ${site.name}`,
    updated: new Date(
      posts
        .map((post) => new Date(post.modified))
        .sort((a, b) => a.getTime() - b.getTime())
        .at(-1),
    ),
    feedLinks: { atom: `${site.url}${feedPath}` },
    author: { name: site.name, link: `${site.url}/` },
  });
  for (const post of posts) {
    const { content, image } = feedHtml(post);
    feed.addItem({
      title: post.title,
      id: `${site.url}${post.path}`,
      link: `${site.url}${post.path}`,
      description: post.description,
      content,
      date: new Date(post.modified),
      published: new Date(post.published),
      author: [{ name: post.author, link: `${site.url}${post.authorHref}` }],
      category: [
        { name: post.categoryLabel, term: post.category, domain: `${site.url}${post.categoryPath}` },
      ],
      ...(image && { image }),
    });
  }
  const file = path.join(DIST, feedPath);
  mkdirSync(path.dirname(file), { recursive: true });
  // feed 6 types an enclosure by its file's extension: a .jpg is "image/jpg", which is no media
  // type (JPEG's is image/jpeg, RFC 2046).
  writeFileSync(file, feed.atom1().replaceAll('type="image/jpg"', 'type="image/jpeg"'));
  return feedPath;
}

const written = [];
if (blog.order.length > 0) {
  written.push(writeFeed(blog.order, '/blog', blog.feedOf('/blog')));
  for (const category of blog.categories.filter((entry) => entry.count > 0)) {
    const slugs = blog.order.filter((slug) => blog.posts[slug].category === category.slug);
    written.push(writeFeed(slugs, category.path, blog.feedOf(category.path)));
  }
}
console.log(
  written.length > 0 ? `Wrote the feeds ${written.join(', ')}` : 'No post published: no feed written',
);
