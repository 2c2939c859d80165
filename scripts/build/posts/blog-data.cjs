'use strict';
/**
 * The blog as the templates read it (`blog` in site-data.cjs), shaped from the posts once per
 * build: the listings (/blog and each category, ten posts a page: /blog/page/2, /blog/seo/page/2),
 * each post's author, category, related posts and neighbours, and the pages that no file holds
 * (a post's page, a listing's later pages: post-pages.cjs). With no published post, every listing is the
 * specification's under-construction page, as a category without posts stays.
 */
const { CATEGORIES, POST_PHOTO } = require('./read-posts.cjs');
const { startOfDay } = require('../site-time.cjs');
const { IMAGES_DIR } = require('../images.cjs');

/** Posts a listing page shows. */
const PER_PAGE = 10;
/** Related posts a post shows, from its category. */
const RELATED = 3;

/** "/blog" page 1 → "/blog"; page 2 → "/blog/page/2". */
const pagePath = (listingPath, number) => (number === 1 ? listingPath : `${listingPath}/page/${number}`);

/** Where a listing's feed is: /blog's is the site's /feed.xml, a category's beside its listing. */
const feedOf = (listingPath) => (listingPath === '/blog' ? '/feed.xml' : `${listingPath}/feed.xml`);

/** A member's anchor on /about-us/team, from their name: "Grace Liu" → "team-grace-liu". */
const memberId = (name) =>
  `team-${name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/**
 * @param {object[]} posts readPosts()'s, newest first
 * @param {Record<string, {path: string, label: string, title: string, description: string}>} routeByPath
 * @param {{name: string}[]} team
 * @param {string} timeZone the agency's (site.json): a post's day begins at midnight there
 */
function blogData(posts, routeByPath, team, timeZone) {
  const neighbour = (post) => ({ path: post?.path ?? '', title: post?.title ?? '' });
  const categoryOf = (slug) => routeByPath[`/blog/${slug}`];
  /** A listing's pages, each with its posts and its neighbours; none when it has no post. */
  const listingPages = (listingPath, listed) => {
    const route = routeByPath[listingPath];
    // A listing with no post still has its first page, empty: the templates read it.
    const count = Math.max(1, Math.ceil(listed.length / PER_PAGE));
    return Array.from({ length: count }, (_, index) => {
      const number = index + 1;
      const title = number === 1 ? route.title : `${route.title}, page ${number} of ${count}`;
      return {
        path: pagePath(listingPath, number),
        listing: listingPath,
        label: number === 1 ? route.label : `Page ${number}`,
        title,
        heading: number === 1 ? route.title : `${route.title}: page ${number} of ${count}`,
        description: number === 1 ? route.description : `${route.description} Page ${number} of ${count}.`,
        number,
        count,
        posts: listed.slice(index * PER_PAGE, number * PER_PAGE).map((post) => post.slug),
        previous: number > 1 ? pagePath(listingPath, number - 1) : '',
        next: number < count ? pagePath(listingPath, number + 1) : '',
        feed: feedOf(listingPath),
      };
    });
  };
  const listings = [
    { path: '/blog', posts },
    ...CATEGORIES.map((category) => ({
      path: `/blog/${category}`,
      posts: posts.filter((post) => post.category === category),
    })),
  ];
  const pages = listings.flatMap(({ path, posts: listed }) => listingPages(path, listed));
  const bySlug = Object.fromEntries(
    posts.map((post, index) => {
      const member = team.find((candidate) => candidate.name === post.author);
      const category = categoryOf(post.category);
      return [
        post.slug,
        {
          ...post,
          // The instants its days begin, with the zone's offset: structured data and feeds carry a
          // time and a zone, which a day alone lacks.
          published: startOfDay(post.date, timeZone).iso,
          modified: startOfDay(post.updated || post.date, timeZone).iso,
          categoryLabel: category.label,
          categoryPath: category.path,
          authorRole: member.role,
          authorBio: member.bio,
          authorInitials: member.initials,
          authorPhoto: member.photo ?? '',
          authorHref: `/about-us/team#${memberId(member.name)}`,
          // Its share card: the cover cropped to 1200 × 630 by the photo pipeline, for og:image and
          // the BlogPosting's image (Parcel names the variant, the share-card optimizer makes it
          // absolute).
          shareCard: post.cover ? `/${IMAGES_DIR}/${post.cover}?as=jpeg&width=1200&height=630` : '',
          related: posts
            .filter((other) => other.category === post.category && other.slug !== post.slug)
            .slice(0, RELATED)
            .map((other) => other.slug),
          // Newest first: the one before in the list is newer. An empty path: none.
          newer: neighbour(posts[index - 1]),
          older: neighbour(posts[index + 1]),
          feeds: ['/blog', category.path].map((listing) => ({
            href: feedOf(listing),
            title: `${routeByPath[listing].title} (Atom)`,
          })),
        },
      ];
    }),
  );
  return {
    posts: bySlug,
    /** Every post, newest first, by slug. */
    order: posts.map((post) => post.slug),
    /** Each listing page by its path; a listing with no post has none (its route is the under-construction page). */
    pages: Object.fromEntries(pages.map((page) => [page.path, page])),
    /** The categories in the schema's order, each with its path, label and how many posts it has. */
    categories: CATEGORIES.map((category) => ({
      slug: category,
      path: `/blog/${category}`,
      label: categoryOf(category).label,
      count: posts.filter((post) => post.category === category).length,
    })),
    feedOf,
    /** How a post shows a photo: its cover's and its text's sizes and widths. */
    photo: POST_PHOTO,
  };
}

module.exports = { blogData, memberId, pagePath };
