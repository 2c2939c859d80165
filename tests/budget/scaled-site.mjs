/**
 * Builds a copy of the site grown to 500 routes, to measure how the build scales with pages.
 *
 * The copy lives in a scratch folder, never in the repository (copy-project.mjs): the project's
 * files plus generated under-construction routes (their route entries and page files, like real
 * ones).
 *
 * Run on its own: `node tests/budget/scaled-site.mjs` prints the build time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyProject } from '../support/copy-project.mjs';

export const SCALED_ROUTES = 500;

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
