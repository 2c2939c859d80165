/**
 * Build times, each on a copy of the site (a site root under .cache/sites/, SITE_ROOT) or, for
 * `npm run check`, of the project (docs/performance.md, "Timed goals").
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stopProcessGroup } from '../support/server';
import { runIn } from '../support/site';
import { copyOfSite, copyOfTree, type TreeCopy } from '../support/tree-copy';

export const SCALED_ROUTES = 500;

/**
 * Adds `count` under-construction routes to a copy of the site, each with its page file: the
 * cheapest page the site has, what a build is measured against as it grows.
 */
function addPlaceholders(tree: TreeCopy, count: number) {
  const routes = JSON.parse(readFileSync(`${tree.root}/pages/_data/routes.json`, 'utf8')) as object[];
  for (let index = 1; index <= count; index += 1) {
    const [path, title] = [`/who-we-serve/market-${index}`, `Real Estate Marketing for Market ${index}`];
    routes.push({ path, label: `Market ${index}`, template: 'placeholder', title, description: `${title}.` });
    tree.write(`pages${path}.html`, `<layout><include src="partials/placeholder.html"></include></layout>`);
  }
  tree.write('pages/_data/routes.json', `${JSON.stringify(routes, null, 2)}\n`);
}

/** A cold `npm run build` of the site grown to SCALED_ROUTES with under-construction routes, in ms. */
export async function scaledBuildTime(): Promise<number> {
  const tree = copyOfSite();
  const routes = JSON.parse(readFileSync(`${tree.root}/pages/_data/routes.json`, 'utf8')) as object[];
  addPlaceholders(tree, SCALED_ROUTES - routes.length);
  const started = performance.now();
  const build = spawn('npm', ['run', 'build'], {
    ...runIn(tree.root),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => build.on('exit', resolve)).finally(() => tree.remove());
  if (code !== 0) throw new Error(`the ${SCALED_ROUTES}-route build failed (its errors are above)`);
  return performance.now() - started;
}

/**
 * Parcel's own "Built in" time of three rebuilds of a copy of the site under a watcher (`command`,
 * run by sh from the project with SITE_ROOT naming the copy, ending in `exec npx parcel watch …`
 * as `npm run dev` runs it: WATCH), each after `edit(rebuild)`. The copy is removed after.
 */
export async function rebuildTimes(
  tree: TreeCopy,
  command: string,
  edit: (rebuild: number) => void,
): Promise<number[]> {
  const watcher = spawn('sh', ['-c', command], {
    ...runIn(tree.root),
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const builds: number[] = [];
  try {
    for await (const chunk of watcher.stdout) {
      const [, time, unit] = /Built in ([\d.]+)(m?s)/.exec(String(chunk)) ?? [];
      if (time) builds.push(Number(time) * (unit === 's' ? 1000 : 1));
      if (builds.length === 4) return builds.slice(1); // the first is the initial build
      if (time) edit(builds.length);
    }
    throw new Error('parcel watch stopped before three rebuilds (its errors are above)');
  } finally {
    await stopProcessGroup(watcher);
    tree.remove();
  }
}

/** Parcel watching a copy of the site, as `npm run dev` runs it (package.json), its cache in the copy. */
export const WATCH =
  'exec npx parcel watch "$SITE_ROOT/pages/**/*.html" --dist-dir "$SITE_ROOT/dist" --cache-dir "$SITE_ROOT/.cache/watch"';

/** Parcel's own "Built in" time of three rebuilds under `parcel watch`, each after an edit of the footer. */
export async function devRebuildTimes(): Promise<number[]> {
  const tree = copyOfSite(['pages', 'partials']);
  const footer = readFileSync(`${tree.root}/partials/footer.html`, 'utf8');
  return rebuildTimes(tree, WATCH, (rebuild) =>
    tree.write('partials/footer.html', `${footer}<!-- budget: rebuild ${rebuild} -->\n`),
  );
}

/**
 * `npm run check` (the build, then the checks of what it built) after a one-line edit of a data
 * file that every page reads, in a copy built once before, with its build cache: in ms. The edit
 * changes no text the checks compare (a line's indentation): every page is built again.
 */
export function checkAfterDataEdit(): number {
  const tree = copyOfTree();
  try {
    tree.build();
    tree.edit('pages/_data/site.json', /\n}\s*$/, '\n }\n');
    const started = performance.now();
    const run = spawnSync('npm', ['run', 'check'], { cwd: tree.root, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm run check failed in the copy:\n${run.stdout}${run.stderr}`);
    return performance.now() - started;
  } finally {
    tree.remove();
  }
}
