/**
 * Writes the browser editor, Sveltia CMS, into the built site (README "Edit in the browser"):
 * - dist/admin.html, the page at /admin, which loads the editor's one script;
 * - dist/admin/config.json, its configuration, made from the schemas (editor-config.cjs);
 * - dist/admin/sveltia-cms.<hash>.js and dist/admin/chunks/, the editor from npm (@sveltia/cms,
 *   pinned in package.json), and its three fonts, from npm as well.
 *
 * The editor's script asks two other sites for files: jsDelivr for its fonts and unpkg for the
 * newest version's number. Both would break its Content-Security-Policy (headers.mjs
 * editorSecurityHeaders) and tell those sites who edits the site. The script is copied with those
 * addresses pointed here instead; each rewrite must find what it replaces, so an update of the
 * editor that moves them stops the build here rather than shipping requests the policy blocks.
 *
 * Parcel runs it once it has written a build (editor-reporter.cjs), in `npm run dev` too: the dev
 * server gives /admin/config.json afresh on every request (.proxyrc.cjs), so a schema edit shows
 * in the editor at the next reload.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { ROOT, SITE_ROOT } = require('../repo-root.cjs');
const { editorConfig, EDITOR_PATH } = require('./editor-config.cjs');

export const EDITOR_PAGE = `${EDITOR_PATH.slice(1)}.html`;
export const EDITOR_FOLDER = EDITOR_PATH.slice(1);
const PACKAGE = path.join(ROOT, 'node_modules/@sveltia/cms');
const FAVICON = path.join(ROOT, 'partials/favicon.svg');

/** The fonts the editor's stylesheet asks jsDelivr for, and the same files in npm packages. */
const FONTS = [
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2',
    file: 'node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2',
  },
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2',
    file: 'node_modules/@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2',
  },
  {
    url: 'https://cdn.jsdelivr.net/fontsource/fonts/material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2',
    file: 'node_modules/@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2',
  },
];

/**
 * The editor asks unpkg for its newest version every hour (`${base}/package.json`) to offer an
 * update; a site that pins its version has none to offer. Asked here instead, it reads its own.
 */
const UPDATE_CHECK = /(\w+)=`\$\{\w+\}\/package\.json`/g;
const VERSION_FILE = 'version.json';

/**
 * The local mode's sign-in says "select the root directory of the “<name>” repository", the name
 * from editor.json's `repository`. Until it is set, that is the placeholder's "{repository}": the
 * name is left empty then, and the editor says "of your Git repository" instead.
 */
const LOCAL_REPOSITORY_NAME = '.repo?.split(`/`).pop()';
const LOCAL_REPOSITORY_NAME_SET = '.repo?.split(`/`).pop().replace(/^\\{.*\\}$/,``)';

/**
 * The editor asks githubstatus.com every 5 minutes whenever its configured backend is GitHub, even
 * on the sign-in screen and in local mode, where it tells GitHub who is editing and fails offline.
 * It asks only once an editor has signed in with that backend (the account store's `backendName`).
 */
const ACCOUNT_STORE = /(\w+)=\w+\(\{account:void 0\}\)/;
const STATUS_CHECK = /(\w+)\.current\?\.checkStatus&&!\1\.current\.repository\?\.isSelfHosted\?/g;

/**
 * A transformation for the posts' summary, `{{date | scheduled}}`: " · scheduled" for a date after
 * today in the site's time zone (site.json), as the build decides what it publishes
 * (scripts/build/site-time.cjs). The editor's own transformations cannot compare dates.
 */
const SUMMARY_TRANSFORMATIONS = 'case`ternary`:return Zpe(t,a);';
const scheduledTransformation = (timeZone) =>
  `${SUMMARY_TRANSFORMATIONS}case\`scheduled\`:return String(t)>new Intl.DateTimeFormat(\`en-CA\`,{timeZone:${JSON.stringify(timeZone)}}).format(new Date())?\` · scheduled\`:\`\`;`;

const digest = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/** The build's stop when the editor no longer has what a rewrite of it looks for. */
const moved = (what, version) =>
  new Error(
    `scripts/build/editor/write-editor.mjs: @sveltia/cms ${version} no longer has ${what} in dist/sveltia-cms.js. ` +
      'Find what it asks for now (the browser console lists what the editor’s policy blocks) and update this rewrite.',
  );

/** Replaces `what` in `text` where it occurs, or stops: the editor's update moved it. */
function rewrite(text, what, by, version) {
  const count = typeof what === 'string' ? text.split(what).length - 1 : [...text.matchAll(what)].length;
  if (count === 0) throw moved(what, version);
  return typeof what === 'string' ? text.split(what).join(by) : text.replace(what, by);
}

/** The editor's page: no inline script, nothing but its configuration's address and its script. */
function editorPage({ title, script }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<link rel="icon" href="/${EDITOR_FOLDER}/favicon.svg" type="image/svg+xml">
<link rel="cms-config-url" type="application/json" href="/${EDITOR_FOLDER}/config.json">
</head>
<body>
<noscript>The editor needs JavaScript. The site itself does not: <a href="/">go to the home page</a>.</noscript>
<script src="/${EDITOR_FOLDER}/${script}"></script>
</body>
</html>
`;
}

/**
 * Writes the editor into `dist` (a folder path), from the npm package at `editorPackage`. Returns
 * what it wrote, relative to `dist`.
 */
export function writeEditor(dist, editorPackage = PACKAGE) {
  const { version } = JSON.parse(readFileSync(path.join(editorPackage, 'package.json'), 'utf8'));
  const folder = path.join(dist, EDITOR_FOLDER);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.join(folder, 'fonts'), { recursive: true });
  mkdirSync(path.join(folder, 'chunks'), { recursive: true });

  let script = readFileSync(path.join(editorPackage, 'dist/sveltia-cms.js'), 'utf8');
  for (const font of FONTS) {
    const bytes = readFileSync(path.join(ROOT, font.file));
    const name = `${path.basename(font.file, '.woff2')}.${digest(bytes)}.woff2`;
    writeFileSync(path.join(folder, 'fonts', name), bytes);
    script = rewrite(script, font.url, `/${EDITOR_FOLDER}/fonts/${name}`, version);
  }
  script = rewrite(script, UPDATE_CHECK, `$1=\`/${EDITOR_FOLDER}/${VERSION_FILE}\``, version);
  script = rewrite(script, LOCAL_REPOSITORY_NAME, LOCAL_REPOSITORY_NAME_SET, version);
  const account = ACCOUNT_STORE.exec(script)?.[1];
  if (!account) throw moved(ACCOUNT_STORE, version);
  script = rewrite(
    script,
    STATUS_CHECK,
    `$1.current?.checkStatus&&${account}.account?.backendName===$1.current.name&&!$1.current.repository?.isSelfHosted?`,
    version,
  );
  const { timeZone } = JSON.parse(readFileSync(path.join(SITE_ROOT, 'pages/_data/site.json'), 'utf8'));
  script = rewrite(script, SUMMARY_TRANSFORMATIONS, scheduledTransformation(timeZone), version);
  // Served only if no 'chunks/react-dom.js' sits beside the script: it never reaches for unpkg.
  script = script.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  const scriptName = `sveltia-cms.${digest(script)}.js`;
  writeFileSync(path.join(folder, scriptName), script);
  // The script loads its chunks from beside itself (chunks/<name>.js), before any CDN.
  copyFileSync(
    path.join(editorPackage, 'dist/chunks/react-dom.js'),
    path.join(folder, 'chunks/react-dom.js'),
  );
  writeFileSync(path.join(folder, VERSION_FILE), `${JSON.stringify({ version })}\n`);
  copyFileSync(FAVICON, path.join(folder, 'favicon.svg'));
  const config = editorConfig();
  writeFileSync(path.join(folder, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(path.join(dist, EDITOR_PAGE), editorPage({ title: config.app_title, script: scriptName }));
  return { version, script: scriptName };
}
