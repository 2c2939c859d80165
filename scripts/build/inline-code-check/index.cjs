/**
 * Parcel optimizer, after Parcel's own HTML minifier: each page as it will ship, read as a browser
 * reads it (hosting/headers.mjs inlineCodeOf, with parse5), runs no inline code but its head's own,
 * which the CSP allows by its hashes (Parcel's import map, and the stylesheets the pages' last
 * optimizer puts in after this check: hosting/inline-code-hashes.cjs). A script or style anywhere
 * else came from content, and a `<style>` in a head from a partial or page: either stops the
 * build, at the file it is written in when that is a partial or the page, rather than be hashed
 * into the policy. So does a stylesheet linked in a way the pages' last optimizer does not read.
 *
 * As a Parcel plugin it runs in Parcel's workers, and its verdict is cached with the page: a build
 * after one post's edit reads again only the pages Parcel builds again.
 */
const fs = require('node:fs');
const path = require('node:path');
const { Optimizer } = require('@parcel/plugin');
const { textOf } = require('../bundle-text.cjs');
const { SiteError, locateIn } = require('../posthtml-site/site-error.cjs');
const { PARTIALS_ROOT, ROOT } = require('../repo-root.cjs');

/** Every partial, the files a page's inline code can be written in besides the page itself. */
const partialFiles = () =>
  fs
    .readdirSync(path.join(PARTIALS_ROOT, 'partials'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(PARTIALS_ROOT, 'partials', file));

/**
 * The first of `files` where `code` is written, with its line and column: its first characters
 * matched with any spacing and semicolons between them, as the minifier may have changed those.
 */
function writtenIn(files, code) {
  const characters = [...code.replace(/[\s;]/g, '').slice(0, 24)];
  if (characters.length === 0) return undefined;
  const escape = (character) => character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return locateIn(files, new RegExp(characters.map(escape).join('[\\s;]*')));
}

/** A page's file in dist/, from the root (a page's name has no hash to resolve: its URL is stable). */
const builtName = (bundle) =>
  path.relative(ROOT, path.join(bundle.target.distDir, bundle.name)).split(path.sep).join('/');

/**
 * The build's stop for what a page carries that its head and build do not write (`what`, a
 * sentence), at the partial or page `code` is written in.
 */
function pageError(bundle, code, what, fix) {
  const page = bundle.getMainEntry()?.filePath;
  const found = writtenIn([...(page ? [page] : []), ...partialFiles()], code);
  return new SiteError({
    what,
    file: found?.file ?? page ?? builtName(bundle),
    line: found?.line,
    column: found?.column,
    fix,
  });
}
const neverWritten = (bundle, what) =>
  `${builtName(bundle)} has ${what}, which the site's own markup never writes.`;

module.exports = new Optimizer({
  async optimize({ bundle, contents, map }) {
    const html = await textOf(contents);
    const { inlineCodeOf } = await import('../hosting/headers.mjs');
    const { stray, headStyles } = inlineCodeOf(html);
    if (stray.length > 0) {
      throw pageError(
        bundle,
        stray[0].code,
        neverWritten(bundle, stray[0].what),
        'Remove it from the page, partial, post or data file it came from: the site runs only the code its head and build write ' +
          "(partials/head.html), which the CSP allows by its hashes. A post's HTML is checked when it is read (docs/blog.md); " +
          'if it came from a post, report the post: the check missed it.',
      );
    }
    // The stylesheets go in after this check (page-styles/optimizer.cjs): a <style> a head
    // already has was written into a partial or page, and the CSP, which hashes the stylesheets,
    // would refuse it.
    if (headStyles.length > 0) {
      const [code] = headStyles;
      throw pageError(
        bundle,
        code,
        neverWritten(bundle, `a <style> in its head (${code.trim().slice(0, 60)}…)`),
        "Move its rules into a stylesheet under styles/ (styles/main.scss imports the site's): the build puts the " +
          'stylesheets into every page, and the CSP allows them by their hashes.',
      );
    }
    // The pages' last optimizer puts in a stylesheet linked with rel="stylesheet" (what the
    // minifier leaves of it). Another rel that names one ("Stylesheet", "alternate stylesheet")
    // would leave a link: a render-blocking file, or styles a browser applies only on request.
    const rel = [...html.matchAll(/<link\b[^>]*?\brel=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)]
      .map(([, double, single, bare]) => double ?? single ?? bare)
      .find((value) => value !== 'stylesheet' && /(?:^|\s)stylesheet(?:\s|$)/i.test(value));
    if (rel) {
      throw pageError(
        bundle,
        rel,
        `${builtName(bundle)} links a stylesheet with rel="${rel}", which the build does not put into the pages.`,
        'Write rel="stylesheet", in lower case and alone (media="print" beside it, for print): the build puts ' +
          'each stylesheet so linked into the pages, where a first visit paints without waiting for a file.',
      );
    }
    return { contents: html, map };
  },
});
