/**
 * schema.org structured data (JSON-LD) for a page, beside headers.mjs: the Organization on every
 * page, the WebSite on /, a BreadcrumbList on nested pages and on every listing of the blog, which
 * matches their visible breadcrumbs, and a BlogPosting on a post. posthtml-site puts it in each
 * page's <head>.
 */

/**
 * @param {{ path: string | null, template?: string }} page
 * @param {{ href: string, label: string }[]} breadcrumbs
 * @param {{ url: string, name: string, shareImage: string, description: string, statement: string }} site
 * @param {object} [post] the page's post (scripts/build/posts/blog-data.cjs), on a post's page
 * @returns {string} the JSON, safe to put in a <script> element
 */
function structuredData(page, breadcrumbs, site, post) {
  const home = `${site.url}/`;
  const organization = {
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: site.name,
    url: home,
    // Square, from the site's mark (scripts/build/search-engine-logo): the share image is a wide card.
    logo: `${site.url}/logo.png`,
    description: site.description,
    slogan: site.statement,
    areaServed: 'United States',
  };
  const graph = [organization];
  if (page.path === '/') {
    graph.push({
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: site.name,
      url: home,
      publisher: { '@id': organization['@id'] },
    });
  }
  if (breadcrumbs.length > 2 || (page.template === 'listing' && breadcrumbs.length > 1)) {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: crumb.href === '/' ? home : `${site.url}${crumb.href}`,
      })),
    });
  }
  if (post) {
    const url = `${site.url}${post.path}`;
    graph.push({
      '@type': 'BlogPosting',
      '@id': `${url}#article`,
      headline: post.title,
      description: post.description,
      url,
      mainEntityOfPage: url,
      datePublished: post.published,
      dateModified: post.modified,
      articleSection: post.categoryLabel,
      inLanguage: 'en-US',
      author: {
        '@type': 'Person',
        name: post.author,
        jobTitle: post.authorRole,
        url: `${site.url}${post.authorHref}`,
      },
      publisher: { '@id': organization['@id'] },
      // The page's og:image: the post's share card (blog-data.cjs), or the site's share image.
      image: post.shareCard || `${site.url}${site.shareImage}`,
    });
  }
  // "<" is escaped so the JSON can never close its <script> element.
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\u003c');
}

module.exports = { structuredData };
