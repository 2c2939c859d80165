/**
 * npm run serve:cloudflare: dist/ in Cloudflare's own Pages runtime (wrangler pages dev), with the
 * Functions of hosting/cloudflare/. While the lead receiver is on (hosting/cloudflare/wrangler.jsonc,
 * written by the build), its local D1 database gets the migrations first, so that the whole path of
 * a lead works on this computer. Arguments go to `wrangler pages dev` (--port, --binding KEY=VALUE);
 * --persist-to names where the local database lives (default .cache/wrangler).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const { ROOT, DIST, HOSTING } = createRequire(import.meta.url)('../repo-root.cjs');
const CLOUDFLARE = path.join(HOSTING, 'cloudflare');
const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');

const args = process.argv.slice(2);
const at = args.indexOf('--persist-to');
const persistTo = path.resolve(at === -1 ? path.join(ROOT, '.cache/wrangler') : args.splice(at, 2)[1]);

if (!existsSync(path.join(CLOUDFLARE, 'functions'))) {
  console.error(
    '🚨 hosting/cloudflare/ has no Functions yet.\n  Fix: Run npm run build first: it writes them beside dist/.',
  );
  process.exit(1);
}
if (existsSync(path.join(CLOUDFLARE, 'wrangler.jsonc'))) {
  execFileSync(WRANGLER, ['d1', 'migrations', 'apply', 'LEADS', '--local', '--persist-to', persistTo], {
    cwd: CLOUDFLARE,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const dev = spawn(
  WRANGLER,
  [
    'pages',
    'dev',
    DIST,
    '--compatibility-date',
    '2026-05-01',
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persistTo,
    ...args,
  ],
  { cwd: CLOUDFLARE, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 1));
