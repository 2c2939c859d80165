'use strict';
/**
 * PostHTML plugin that turns a page file into a full document.
 *
 * A page is `<layout>…content…</layout>`. The plugin puts the content into
 * partials/layout.html (at `<yield></yield>`), evaluates posthtml-expressions with the site data
 * (settings, routes, navigation, this page's route) and resolves posthtml-include partials with the
 * same data, then marks links to the current page and section with `aria-current`. Partials that
 * read nothing of the page, at any depth, are rendered once per build (shared-partials.cjs).
 *
 * A page's route is its file's path (route-file.cjs: pages/about-us/team.html is /about-us/team).
 * Parcel passes no file path to PostHTML plugins, so the page transformer names the file on the
 * page's `<layout>` (withPageFile) before this plugin reads it.
 */
const path = require('node:path');
const posthtml = require('posthtml');
const { parser } = require('posthtml-parser');
const expressions = require('posthtml-expressions');
const { ROOT, LAYOUT_FILE, loadSiteData } = require('./site-data.cjs');
const { sharedPartials } = require('./shared-partials.cjs');
const { checkIncludes } = require('./declared-locals.cjs');
const { checkAssetReferences } = require('./asset-references.cjs');
const { checkPictures, pictures, unmarkPictures } = require('./pictures.cjs');
const { strictLocals, firstMissingRead } = require('./strict-data.cjs');
const { missingPropertyError, renderError, undefinedInOutput } = require('./expression-errors.cjs');
const { SiteError, locate } = require('./site-error.cjs');
const { structuredData } = require('../structured-data.cjs');
const { fileOfRoute, routeOfFile } = require('../route-file.cjs');
const { INDEX_FILE: POSTS_INDEX } = require('../posts/posts-index.cjs');
const { postHtml } = require('../posts/read-posts.cjs');
const { PAGES_DIR, PARTIALS_DIR, PARTIALS_ROOT } = require('../repo-root.cjs');

/** What a post's page and a listing's later page include (scripts/build/posts/): their files. */
const POST_PARTIAL = `${PARTIALS_DIR}/content/post.html`;
const LISTING_PARTIAL = `${PARTIALS_DIR}/content/post-list.html`;

/** Finds the single `<layout>` element of a page. */
function findLayout(tree) {
  const found = [];
  tree.walk((node) => {
    if (node && node.tag === 'layout') found.push(node);
    return node;
  });
  if (found.length !== 1) {
    const start = JSON.stringify(tree.slice(0, 3)).slice(0, 120);
    throw new Error(
      `A page must be one <layout route="/path">…</layout>; this one has ${found.length} <layout> (it starts ${start}). ` +
        'Wrap the page in one <layout>, as its neighbours are.',
    );
  }
  return found[0];
}

/** The attribute on which the page transformer names the file being built, from the repo root. */
const PAGE_FILE = 'page-file';

/**
 * A page's source with its file named on its `<layout>`, as this plugin reads it.
 * @type {(source: string, file: string) => string}
 */
const withPageFile = (source, file) => source.replace(/<layout\b/, `<layout ${PAGE_FILE}="${file}"`);

/**
 * The file of the page being built: the one the page transformer names, or for a page of the blog
 * that no file holds (a post's, made from its Markdown file, or a listing's later page) the
 * partial it includes, whose source is fixed (scripts/build/posts/).
 */
function pageFileOf(layout, data) {
  const { post, listing, [PAGE_FILE]: file } = layout.attrs || {};
  if (post !== undefined || listing !== undefined) {
    const known = post !== undefined ? data.blog.posts[post] : data.blog.pages[listing];
    if (!known) {
      throw new SiteError({
        what: `The blog has no page ${post !== undefined ? `/blog/${post}` : listing}.`,
        file: post !== undefined ? `${PAGES_DIR}/_posts/${post}.md` : `${PAGES_DIR}/blog.html`,
        fix: 'Run npm run build (or npm run dev) again: a post that became a draft, or was dated later, has no page.',
      });
    }
    return post !== undefined ? POST_PARTIAL : LISTING_PARTIAL;
  }
  if (!file) throw new Error(`posthtml-site builds a page whose <layout> names its file (${PAGE_FILE}).`);
  return file;
}

/**
 * The route of a page: its file's path (pages/about-us/team.html is /about-us/team), which
 * pages/_data/routes.json must list; none for a page outside the routes, which says its own title
 * and description (the 404).
 */
function routeOfPage(layout, file, data) {
  const { route, title, description } = layout.attrs || {};
  if (route !== undefined) {
    throw new SiteError({
      what: `<layout route="${route}">: a page's route is its file's path, ${routeOfFile(file)}.`,
      file,
      ...locate(file, 'route="'),
      fix: `Remove route="${route}" and write <layout>. A page for another route is a file named like it: ${route} is ${path.join('pages', fileOfRoute(route))}.`,
    });
  }
  if (title !== undefined && description !== undefined) return undefined;
  const pagePath = routeOfFile(file);
  if (!data.routeByPath[pagePath]) {
    throw new SiteError({
      what: `${file} is the page of ${pagePath}, which is not in pages/_data/routes.json.`,
      file,
      line: 1,
      fix:
        `A new page needs its route in pages/_data/routes.json (path, label, template, title, description). ` +
        'A page of an existing route is named like it: /about-us/team is pages/about-us/team.html.',
    });
  }
  return pagePath;
}

/** Home, then each route above this one, then this one: /about-us/team → Home › About Us › Team. */
function breadcrumbsFor(pagePath, routeByPath) {
  if (!pagePath) return [];
  const segments = pagePath.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
  return paths
    .filter((crumb) => routeByPath[crumb])
    .map((crumb) => ({ href: crumb, label: routeByPath[crumb].label }));
}

/**
 * What a page of the blog has of its own: a post's, or a page of a listing with posts (/blog, a
 * category, their later pages): its title, trail, feeds and, for a post, the article. Undefined
 * for any other page, a listing without posts included (it stays the under-construction page).
 */
function blogPage(layout, route, data) {
  const { post: slug, listing } = layout.attrs || {};
  const { blog, routeByPath } = data;
  if (slug !== undefined) {
    const post = blog.posts[slug];
    return {
      page: {
        path: post.path,
        label: post.title,
        template: 'post',
        title: post.title,
        description: post.description,
        post: slug,
        // A draft or a post dated after the build's day: shown by npm run dev only, and not indexed.
        unpublished: post.draft || post.scheduled,
      },
      // Home › Blog › its category › the post: the category is not in its address.
      breadcrumbs: [
        ...breadcrumbsFor(post.categoryPath, routeByPath),
        { href: post.path, label: post.title },
      ],
      feeds: post.feeds,
      article: post,
    };
  }
  const listed = blog.pages[listing ?? route];
  if (!listed || listed.posts.length === 0) return undefined;
  return {
    page: {
      ...routeByPath[listed.listing],
      path: listed.path,
      label: listed.label,
      template: 'listing',
      title: listed.title,
      description: listed.description,
    },
    breadcrumbs: [
      ...breadcrumbsFor(listed.listing, routeByPath),
      ...(listed.number > 1 ? [{ href: listed.path, label: listed.label }] : []),
    ],
    feeds: [{ href: listed.feed, title: `${routeByPath[listed.listing].title} (Atom)` }],
  };
}

/** Returns the page data named by the layout's attributes: a route, a post, a listing's page, or a title/description pair. */
function pageFor(layout, route, data) {
  const { title, description } = layout.attrs || {};
  const { site } = data.locals;
  const blogged = blogPage(layout, route, data);
  let page;
  let breadcrumbs;
  if (blogged) {
    ({ page, breadcrumbs } = blogged);
  } else if (route) {
    page = data.routeByPath[route];
    breadcrumbs = breadcrumbsFor(page.path, data.routeByPath);
  } else if (title && description) {
    page = { path: null, title, description, label: title };
    breadcrumbs = [];
  } else {
    throw new Error(
      'A page outside the routes (the 404) names its title and description: <layout title="…" description="…">.',
    );
  }
  const full = `${page.title} | ${site.name}`;
  const article = blogged && blogged.article;
  return {
    ...page,
    url: page.path ? `${site.url}${page.path}` : null,
    // A long post title is shown whole rather than cut with the brand after it (60 characters).
    documentTitle: full.length <= 60 ? full : page.title,
    // Under-construction pages are in the navigation, not in search results (thin content); a
    // listing with posts and a published post are.
    indexable: ['content', 'listing', 'post'].includes(page.template) && !page.unpublished,
    breadcrumbs,
    feeds: blogged ? blogged.feeds : [],
    // A post or a listing with posts: it links the blog's own stylesheet.
    blog: Boolean(blogged),
    ogType: article ? 'article' : 'website',
    // A post's share card (blog-data.cjs); the site's image elsewhere.
    ogImage: article && article.shareCard ? article.shareCard : `${site.url}${site.shareImage}`,
    ogImageAlt: article && article.cover ? article.coverAlt : `${site.name}: ${site.tagline}`,
    jsonLd: structuredData(page, breadcrumbs, site, article),
  };
}

/** The top-level section a path belongs to: "/about-us/team" → "/about-us". */
function sectionOf(pagePath) {
  return pagePath ? `/${pagePath.split('/')[1]}` : null;
}

/**
 * Sets aria-current on links to this page ("page") and on the header's entries for its section
 * ("true"): the section link, and the mobile row that names its section in data-section-link.
 */
function markCurrentLinks(page) {
  const section = sectionOf(page.path);
  return (tree) =>
    tree.match([{ tag: 'a' }, { tag: 'summary' }], (node) => {
      const attrs = node.attrs || {};
      const isSectionLink = 'data-section-link' in attrs;
      const target = attrs.href ?? attrs['data-section-link'];
      delete attrs['data-section-link'];
      if (target === undefined) return node;
      if (target === page.path) attrs['aria-current'] = 'page';
      else if (isSectionLink && section !== '/' && target === section) attrs['aria-current'] = 'true';
      node.attrs = attrs;
      return node;
    });
}

/**
 * Puts each post's text, rendered from its Markdown (scripts/build/posts/read-posts.cjs), where
 * the post partial writes `<post-body slug>`: as elements, so that its photos become pictures like
 * any other, and never through the template language, so that nothing a post says is read as an
 * expression. The page is built again when the post's file changes.
 */
function postBodies(data) {
  return (tree) => {
    tree.match({ tag: 'post-body' }, (node) => {
      const post = data.blog.posts[node.attrs.slug];
      tree.messages.push({ type: 'dependency', file: path.resolve(ROOT, post.file) });
      return { tag: false, content: parser(postHtml(post)) };
    });
    return tree;
  };
}

/**
 * posthtml-expressions cannot leave an attribute out, so a field named only when a lead endpoint
 * is set is written `name="{{ site.leadEndpoint ? 'id' : '' }}"`. An empty name is invalid
 * HTML, so it is dropped here.
 */
function dropEmptyNames(tree) {
  return tree.walk((node) => {
    if (node && node.attrs && node.attrs.name === '') delete node.attrs.name;
    return node;
  });
}

/** Elements whose text is kept exactly as written: preformatted, or not rendered as text. */
const VERBATIM = new Set(['pre', 'textarea', 'script', 'style']);

/**
 * The partials' indentation would reach every page, since Parcel's HTML minifier keeps it: each
 * run of spaces, tabs and line breaks that holds a line break becomes one line break. A browser
 * draws such a run as one space either way (no element here keeps white space as written), so
 * pages look the same and their first round trip carries about 300 bytes less. A no-break space
 * is never touched.
 */
function collapseIndentation(nodes) {
  nodes.forEach((node, index) => {
    if (typeof node === 'string') nodes[index] = node.replace(/[ \t\r\n]*\n[ \t\r\n]*/g, '\n');
    else if (node && !VERBATIM.has(node.tag) && Array.isArray(node.content))
      collapseIndentation(node.content);
  });
  return nodes;
}

module.exports = function posthtmlSite() {
  return function site(tree) {
    const layoutNode = findLayout(tree);
    // A post's page is rebuilt when its file changes: the data must then be read from it afresh.
    const { post } = layoutNode.attrs || {};
    const data = loadSiteData({ posts: post === undefined ? [] : [post] });
    const pageFile = pageFileOf(layoutNode, data);
    const route =
      post === undefined && layoutNode.attrs?.listing === undefined
        ? routeOfPage(layoutNode, pageFile, data)
        : undefined;
    const page = pageFor(layoutNode, route, data);
    // The files this page is made of, each include checked against its partial's locals.
    const sources = checkIncludes([pageFile, LAYOUT_FILE]);
    checkAssetReferences(sources);
    checkPictures(sources);
    const locals = strictLocals({ ...data.locals, page });

    const fillYield = (layoutTree) =>
      layoutTree.match({ tag: 'yield' }, () => ({ tag: false, content: layoutNode.content || [] }));

    const includeOptions = { root: PARTIALS_ROOT, posthtmlExpressionsOptions: { locals, strictMode: true } };
    firstMissingRead();
    let result;
    try {
      result = posthtml([
        fillYield,
        expressions({ locals, strictMode: true }),
        // posthtml-include, with the partials that read nothing of the page kept across pages.
        sharedPartials(includeOptions, data),
        postBodies(data),
        pictures(sources),
        unmarkPictures,
        markCurrentLinks(page),
        dropEmptyNames,
        collapseIndentation,
      ]).process(data.layoutSource, { sync: true });
    } catch (error) {
      const missing = firstMissingRead();
      throw missing ? missingPropertyError(missing, sources) : renderError(error, sources);
    }
    // posthtml-expressions drops strictMode inside <each>, where a failed read renders as
    // "undefined": the read was still recorded.
    const missing = firstMissingRead();
    if (missing) throw missingPropertyError(missing, sources);
    const showsUndefined = undefinedInOutput(result.tree, sources);
    if (showsUndefined) throw showsUndefined;

    // Tell Parcel to rebuild a page when the data or the layout it was built from changes; a
    // page that shows posts (/blog and under it), also when the posts' index changes: when a
    // post is added, removed or retitled. A post's own page also depends on its file (postBodies).
    const showsPosts = /^\/blog(\/|$)/.test(page.path ?? '');
    const dependencies = [
      ...data.files.map((file) => path.resolve(ROOT, file)),
      ...(showsPosts ? [...data.blogFiles.map((file) => path.resolve(ROOT, file)), POSTS_INDEX] : []),
    ].map((file) => ({ type: 'dependency', file }));
    tree.messages.push(...dependencies, ...result.messages);
    return result.tree;
  };
};

module.exports.collapseIndentation = collapseIndentation;
module.exports.withPageFile = withPageFile;
