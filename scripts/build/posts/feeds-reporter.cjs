/**
 * Parcel reporter: once `npm run build` has written its bundles, writes the blog's Atom feeds
 * (the `feed` package) from the posts' data: /feed.xml for the whole blog and
 * /blog/<category>/feed.xml for each category with posts, the newest FEED_SIZE posts each, with
 * their full text. Every address in a feed is absolute (a feed reader knows no site to resolve a
 * path against), and each photo is the file the site serves: the variant a page's `<img>` names,
 * by the name Parcel gave it, with its own size; a post's share card is its enclosure. No post,
 * no feed: the pages then advertise none either. Not under `npm run dev`, which shows drafts.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Reporter } = require('@parcel/plugin');
const { parser } = require('posthtml-parser');
const { render } = require('posthtml-render');
const { ROOT, SITE_ROOT } = require('../repo-root.cjs');
const { IMAGES_DIR, IMAGES_URL, sourceImage } = require('../images.cjs');
const { fallbackVariant, variantsFor } = require('../posthtml-site/pictures.cjs');
const { loadSiteData } = require('../posthtml-site/site-data.cjs');
const { postHtml } = require('./read-posts.cjs');

/** /blog's page, which links every post's page into the build (post-pages.cjs). */
const BLOG_PAGE = path.join(SITE_ROOT, 'pages/blog.html');

/** The newest posts a feed carries: enough for a reader that checks once a month. */
const FEED_SIZE = 20;

/** "/pages/_images/x.jpg?width=960&as=jpeg" and its parameters in any order: one key. */
const variantKey = (url) => {
  const [file, query = ''] = url.split('?');
  return `${file}?${[...new URLSearchParams(query)].sort().join('&')}`;
};

/**
 * Every photo variant the build wrote, by the URL the markup asks it by: its URL in dist/, its
 * bytes, and its width and height (image-variants/index.cjs records them).
 */
function builtVariants(bundleGraph) {
  const variants = new Map();
  for (const bundle of bundleGraph.getBundles()) {
    const entry = bundle.getMainEntry();
    if (!entry || path.relative(ROOT, path.dirname(entry.filePath)) !== IMAGES_DIR) continue;
    const source = `/${path.relative(ROOT, entry.filePath).split(path.sep).join('/')}?${entry.query}`;
    variants.set(variantKey(source), {
      url: `/${path.relative(bundle.target.distDir, bundle.filePath).split(path.sep).join('/')}`,
      bytes: bundle.stats.size,
      width: entry.meta.width,
      height: entry.meta.height,
    });
  }
  return variants;
}

/**
 * A post's text as a feed carries it: each photo the fallback variant its page's `<img>` names (a
 * reader may not take `<picture>`), with that file's width and height; the headings' "#" links
 * left out (a reader shows them bare); every address absolute.
 */
function feedHtml(post, site, variants) {
  const absolute = (url) => (url.startsWith('/') && !url.startsWith('//') ? `${site.url}${url}` : url);
  const simplify = (nodes) =>
    (nodes ?? []).flatMap((node) => {
      if (!node || typeof node !== 'object') return [node];
      if (node.attrs?.class?.split(' ').includes('ds-post__anchor')) return [];
      const attrs = { ...node.attrs };
      if (node.tag === 'img' && attrs.src?.startsWith(IMAGES_URL)) {
        const { src, widths, aspect, ...rest } = attrs;
        delete rest.sizes; // the picture's, of no use beside one file
        const image = sourceImage(src.slice(IMAGES_URL.length));
        const wanted = fallbackVariant(image, variantsFor(image, { widths, aspect }));
        const variant = variants.get(variantKey(wanted));
        // Its page asks for the same variant: a photo no page asked for is the reporter's own bug.
        if (!variant) throw new Error(`${post.file}: the feed names ${wanted}, which Parcel did not build.`);
        return [
          {
            tag: 'img',
            attrs: {
              src: absolute(variant.url),
              ...rest,
              width: String(variant.width),
              height: String(variant.height),
            },
          },
        ];
      }
      for (const name of ['src', 'href'])
        if (typeof attrs[name] === 'string') attrs[name] = absolute(attrs[name]);
      return [{ ...node, attrs, content: simplify(node.content) }];
    });
  return render(simplify(parser(postHtml(post))));
}

/** One feed: its posts (slugs, newest first), where it is, and what it is called. */
function writeFeed({ Feed, data, variants, distDir }, slugs, listingPath, feedPath) {
  const {
    blog,
    locals: { site, routes },
  } = data;
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
    const card = post.shareCard && variants.get(variantKey(post.shareCard));
    feed.addItem({
      title: post.title,
      id: `${site.url}${post.path}`,
      link: `${site.url}${post.path}`,
      description: post.description,
      content: feedHtml(post, site, variants),
      date: new Date(post.modified),
      published: new Date(post.published),
      author: [{ name: post.author, link: `${site.url}${post.authorHref}` }],
      category: [
        { name: post.categoryLabel, term: post.category, domain: `${site.url}${post.categoryPath}` },
      ],
      ...(card && { image: { url: `${site.url}${card.url}`, length: card.bytes } }),
    });
  }
  const file = path.join(distDir, feedPath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // feed 6 types an enclosure by its file's extension: a .jpg is "image/jpg", which is no media
  // type (JPEG's is image/jpeg, RFC 2046).
  fs.writeFileSync(file, feed.atom1().replaceAll('type="image/jpg"', 'type="image/jpeg"'));
  return feedPath;
}

module.exports = new Reporter({
  async report({ event, options, logger }) {
    if (event.type !== 'buildSuccess' || options.mode !== 'production') return;
    // The feeds go with the blog: a build of a few pages (`parcel build pages/contact.html`)
    // made none of the posts' pages or photos, and writes none.
    const blogPage = event.bundleGraph
      .getBundles()
      .find((bundle) => bundle.type === 'html' && bundle.getMainEntry()?.filePath === BLOG_PAGE);
    if (!blogPage) return;
    const { Feed } = await import('feed');
    const data = loadSiteData();
    const { blog } = data;
    const context = {
      Feed,
      data,
      variants: builtVariants(event.bundleGraph),
      distDir: blogPage.target.distDir,
    };
    const written = [];
    if (blog.order.length > 0) {
      written.push(writeFeed(context, blog.order, '/blog', blog.feedOf('/blog')));
      for (const category of blog.categories.filter((entry) => entry.count > 0)) {
        const slugs = blog.order.filter((slug) => blog.posts[slug].category === category.slug);
        written.push(writeFeed(context, slugs, category.path, blog.feedOf(category.path)));
      }
    }
    logger.info({
      message:
        written.length > 0 ? `Wrote the feeds ${written.join(', ')}` : 'No post published: no feed written',
    });
  },
});
