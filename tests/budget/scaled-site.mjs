/**
 * Builds a copy of the site grown to 500 routes, to measure how the build scales with pages.
 *
 * The copy lives in a scratch folder, never in the repository: the project's files plus
 * generated under-construction routes (their route entries and page files, like real ones).
 * Its node_modules links to the project's packages, except posthtml-site, which must be the
 * copy's own so that the plugin reads the copy's data.
 *
 * Run on its own: `node tests/budget/scaled-site.mjs` prints the build time.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCALED_ROUTES = 500;

/** Copies the project's files as they are now (ignored files aside) into a scratch folder. */
function copyProject(scratch) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter((name) => name && existsSync(path.join(ROOT, name)))) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), readFileSync(path.join(ROOT, file)));
  }
  mkdirSync(path.join(scratch, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    const target =
      entry === 'posthtml-site'
        ? path.join(scratch, 'scripts/build/posthtml-site')
        : path.join(ROOT, 'node_modules', entry);
    symlinkSync(target, path.join(scratch, 'node_modules', entry));
  }
}

/** Adds under-construction routes under /who-we-serve until the site has `total` routes. */
function addRoutes(scratch, total) {
  const routesFile = path.join(scratch, 'pages/_data/routes.json');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
  for (let index = 1; routes.length < total; index += 1) {
    const route = {
      path: `/who-we-serve/market-${index}`,
      label: `Market ${index}`,
      template: 'placeholder',
      title: `Real Estate Marketing for Market ${index}`,
      description: `Marketing for real estate investors in market ${index}: motivated-seller leads and brand.`,
    };
    routes.push(route);
    writeFileSync(
      path.join(scratch, `pages${route.path}.html`),
      `<layout route="${route.path}">\n  <include src="partials/placeholder.html"></include>\n</layout>\n`,
    );
  }
  writeFileSync(routesFile, `${JSON.stringify(routes, null, 2)}\n`);
}

/**
 * Builds a `total`-route copy of the site with the production build command and returns the
 * build's wall-clock time in milliseconds. The scratch folder is removed afterwards.
 */
export async function scaledBuildTime(total = SCALED_ROUTES) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'scaled-site-'));
  try {
    copyProject(scratch);
    addRoutes(scratch, total);
    const started = performance.now();
    await new Promise((resolve, reject) => {
      const build = spawn('npm', ['run', 'build'], { cwd: scratch, stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      build.stderr.on('data', (chunk) => (errors += chunk));
      build.on('exit', (code) =>
        code === 0 ? resolve(undefined) : reject(new Error(`the ${total}-route build failed:\n${errors}`)),
      );
    });
    return performance.now() - started;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const total = Number(process.argv[2] ?? SCALED_ROUTES);
  console.log(`${total} routes built in ${((await scaledBuildTime(total)) / 1000).toFixed(1)} s`);
}
