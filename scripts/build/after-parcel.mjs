/**
 * Everything `npm run build` does after Parcel, in order, in one process: the steps read the same
 * site data (site-data.cjs keeps it while no source changes), which with 1,000 posts took about
 * 1 s for each step that started a process of its own.
 *
 * 1. finish-pages.mjs: the stylesheet into every page, the entry script pinned;
 * 2. write-logo.mjs: logo.png, for search engines;
 * 3. editor/write-editor.mjs: the browser editor at /admin;
 * 4. hosting/write-hosting-files.mjs: the sitemap, robots.txt, each host's headers and rules,
 *    from the finished pages;
 * 5. hosting/precompress.mjs: the output for the host DEPLOY_TO names, and its file count.
 *
 * The feeds are Parcel's own (posts/feeds-reporter.cjs), written as it finishes.
 *
 * Each is also a script of its own (node scripts/build/<step>), to run one alone.
 */
await import('./finish-pages.mjs');
await import('./write-logo.mjs');
(await import('./editor/write-editor.mjs')).writeEditorReported();
await import('./hosting/write-hosting-files.mjs');
const { outputForHost } = await import('./hosting/precompress.mjs');
try {
  await outputForHost();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
