/** Build times, each on a copy of the project in a scratch folder (docs/performance.md, "Timed goals"). */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stopProcessGroup } from '../support/server';
import { copyOfTree } from '../support/tree-copy';

export const SCALED_ROUTES = 500;

/** A cold `npm run build` of the site grown to SCALED_ROUTES with under-construction routes, in ms. */
export async function scaledBuildTime(): Promise<number> {
  const tree = copyOfTree();
  const routes = JSON.parse(readFileSync(`${tree.root}/pages/_data/routes.json`, 'utf8')) as object[];
  const page = (path: string) =>
    `<layout route="${path}"><include src="partials/placeholder.html"></include></layout>`;
  for (let index = routes.length; index < SCALED_ROUTES; index += 1) {
    const [path, title] = [`/who-we-serve/market-${index}`, `Real Estate Marketing for Market ${index}`];
    routes.push({ path, label: `Market ${index}`, template: 'placeholder', title, description: `${title}.` });
    tree.write(`pages${path}.html`, page(path));
  }
  tree.write('pages/_data/routes.json', `${JSON.stringify(routes, null, 2)}\n`);
  const started = performance.now();
  const build = spawn('npm', ['run', 'build'], { cwd: tree.root, stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise((resolve) => build.on('exit', resolve)).finally(() => tree.remove());
  if (code !== 0) throw new Error(`the ${SCALED_ROUTES}-route build failed (its errors are above)`);
  return performance.now() - started;
}

/** Parcel's own "Built in" time of three rebuilds under `parcel watch`, each after an edit of the footer. */
export async function devRebuildTimes(): Promise<number[]> {
  const tree = copyOfTree();
  const footer = readFileSync(`${tree.root}/partials/footer.html`, 'utf8');
  const watch = ['parcel', 'watch', 'pages/**/*.html', '--cache-dir', 'cache'];
  const watcher = spawn('npx', watch, {
    cwd: tree.root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const builds: number[] = [];
  try {
    for await (const chunk of watcher.stdout) {
      const [, time, unit] = /Built in ([\d.]+)(m?s)/.exec(String(chunk)) ?? [];
      if (time) builds.push(Number(time) * (unit === 's' ? 1000 : 1));
      if (builds.length === 4) return builds.slice(1); // the first is the initial build
      if (time) tree.write('partials/footer.html', `${footer}<!-- budget: rebuild ${builds.length} -->\n`);
    }
    throw new Error('parcel watch stopped before three rebuilds (its errors are above)');
  } finally {
    await stopProcessGroup(watcher);
    tree.remove();
  }
}
