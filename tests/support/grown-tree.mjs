/**
 * The grown site: the site as its owner grows it, for the tests. A site root of its own
 * (SITE_ROOT, scripts/build/repo-root.cjs) that the project's build is pointed at: a copy of
 * pages/ with the fixture folder tests/fixtures/grown/ laid over it (its files replace or join
 * the site's: a dozen published posts using every kind of formatting, a post scheduled far ahead
 * and a draft), photos made at test time (fixture-images.mjs) for every team member and case study
 * and for the posts' covers, and the settings of an owner about to launch (the live calls to
 * action). Content the repository ships stays as the specification says: the growth lives in
 * tests/, never in pages/.
 *
 * `npm test` runs the checks of the site as it is (the Vitest projects build, browser and engines:
 * tests/build, tests/browser, tests/engines) on it as on the shipped site, with SITE_ROOT naming it
 * (npm run test:grown); the visual suite and the budget serve its dist/ beside the shipped one.
 * It is kept in the build cache's folder (.cache/grown-tree/, which goes with the clone, its
 * dist/, hosting/ and Parcel's cache beside its pages/): made afresh when the site's pages or the
 * fixture change, and built again when a source changed since its last build (build-first.mjs).
 *
 *   node tests/support/grown-tree.mjs build browser engines   runs those Vitest projects on it
 *   node tests/support/grown-tree.mjs --where                 prepares and builds it, prints its root
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyProject } from './copy-project.mjs';
import { writeFixtureImage } from './fixture-images.mjs';
import { TEST_BUILD_ENV, buildSite, builtSinceLastChange } from './build-first.mjs';
import { POST_PHOTOS } from './grown-posts.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the grown tree is kept: in the build cache's folder, which git ignores and the clone owns. */
export const GROWN_ROOT = path.join(ROOT, '.cache/grown-tree');
/** The content laid over the copy, as files at the paths they take in it. */
const FIXTURE = 'tests/fixtures/grown';
/** What defines the growth besides the fixture: a change to any of these makes the tree afresh. */
const DEFINITION = [
  'tests/support/grown-tree.mjs',
  'tests/support/grown-posts.mjs',
  'tests/support/fixture-images.mjs',
];
/** Marks a tree whose growth is complete, with the key it was made for. */
const KEY_FILE = '.grown-key';

/** Team portraits, one per member (in turn), taller than wide, one of them an AVIF source. */
const PORTRAITS = Array.from({ length: 6 }, (_, index) => ({
  name: `grown-portrait-${index + 1}.${index === 1 ? 'avif' : 'jpg'}`,
  width: 900,
  height: 1200,
}));
/** Case-study photos, landscape, in each format the build takes. */
const WORK_PHOTOS = ['jpg', 'png', 'webp', 'jpg'].map((format, index) => ({
  name: `grown-work-${index + 1}.${format}`,
  width: 2400,
  height: 1600,
}));
const WORK_ALT = 'Shapes on a gradient (a test photo)';

/** Reads and writes a JSON file of a tree as the repository formats it. */
function editJson(root, file, change) {
  const full = path.join(root, file);
  const value = JSON.parse(readFileSync(full, 'utf8'));
  change(value);
  writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * The settings of an owner about to launch (pages/_data/site.json): the agency's phone number, and
 * the live calls to action with a booking page, so that every check of the site as it is also
 * checks the live counterpart of each placeholder (and each footer profile's address: profileOf).
 * The lead endpoint stays unset: a check must never send a lead anywhere.
 */
const LAUNCH_SETTINGS = {
  phone: '(202) 555-0147',
  liveActions: true,
  bookingUrl: 'https://calendly.com/dealstream-example/strategy-call',
};
/** A footer profile of site.json with an address, as an owner about to launch gives it. */
const profileOf = (profile) => ({ ...profile, url: `https://example.org/agency/${profile.icon}` });

/**
 * A fixture post as the tree's team can sign it: the fixture's posts name the shipped team's
 * members, and an owner who renames one still has a grown tree that builds, its post given the
 * team's first member.
 */
export function byTeamMember(post, team) {
  const author = /^author: (.*)$/m.exec(post)?.[1];
  if (!author || team.some((member) => member.name === author)) return post;
  return post.replace(/^author: .*$/m, `author: ${team[0].name}`);
}

/**
 * Grows a copy of the tree at `root`: its published posts replaced by the fixture's, photos
 * everywhere, the calls to action live.
 */
export async function grow(root) {
  editJson(root, 'pages/_data/site.json', (site) =>
    Object.assign(site, LAUNCH_SETTINGS, { social: site.social.map(profileOf) }),
  );
  const images = path.join(root, 'pages/_images');
  for (const image of [...PORTRAITS, ...WORK_PHOTOS, ...POST_PHOTOS]) await writeFixtureImage(images, image);
  // The owner's published posts give way to the fixture's, so that what the grown pages show is
  // known; drafts (the example post) stay, as no build publishes them.
  const posts = path.join(root, 'pages/_posts');
  mkdirSync(posts, { recursive: true });
  for (const name of readdirSync(posts))
    if (!/^draft:\s*true\s*$/m.test(readFileSync(path.join(posts, name), 'utf8')))
      rmSync(path.join(posts, name));
  cpSync(path.join(ROOT, FIXTURE), root, { recursive: true });
  const team = JSON.parse(readFileSync(path.join(root, 'pages/_data/team.json'), 'utf8'));
  for (const name of readdirSync(path.join(ROOT, FIXTURE, 'pages/_posts'))) {
    const file = path.join(posts, name);
    writeFileSync(file, byTeamMember(readFileSync(file, 'utf8'), team));
  }
  editJson(root, 'pages/_data/team.json', (members) =>
    members.forEach((member, index) => (member.photo = PORTRAITS[index % PORTRAITS.length].name)),
  );
  editJson(root, 'pages/_data/case-studies.json', (studies) =>
    studies.forEach((study, index) => {
      study.image = WORK_PHOTOS[index % WORK_PHOTOS.length].name;
      study.imageAlt = WORK_ALT;
    }),
  );
}

/** What the grown site is made of: the site's pages/, the fixture and the code that lays it over them. */
function grownKey() {
  const filesIn = (folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  const hash = createHash('sha256');
  for (const file of [
    ...filesIn('pages'),
    ...filesIn(FIXTURE),
    ...DEFINITION.map((name) => path.join(ROOT, name)),
  ])
    hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a lock's holder is gone: a run killed while it prepared the tree leaves its lock, which
 * names its process. A lock that names none (being taken, or left by a run before locks named
 * theirs) is stale once a minute old.
 */
function abandoned(lock) {
  try {
    process.kill(Number(readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (error) {
    if (error.code === 'ESRCH') return true;
    if (error.code !== 'ENOENT') return false;
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
}

/**
 * Takes `lock` (a folder, which only one process can make), waiting while another process holds
 * it, up to `patienceMs`; a lock whose process is gone is broken at once.
 */
export async function takeLock(lock, patienceMs = 600_000) {
  for (let waited = 0; ; waited += 500) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (abandoned(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (waited > patienceMs)
        throw new Error(
          `${lock} is held by another run, which has not let it go in ${patienceMs / 60_000} minutes.`,
        );
      await sleep(500);
    }
  }
}

/**
 * The grown site, made if it is missing or made from other pages, and built when a source changed
 * since its last build (build-first.mjs) unless `build` is false. Two processes that ask at once share
 * one: the first prepares it, the other waits. Resolves with its root.
 */
export async function grownTree({ quiet = true, build = true } = {}) {
  const lock = `${GROWN_ROOT}.lock`;
  mkdirSync(path.dirname(lock), { recursive: true });
  await takeLock(lock);
  try {
    const key = grownKey();
    const keyFile = path.join(GROWN_ROOT, KEY_FILE);
    if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) {
      rmSync(GROWN_ROOT, { recursive: true, force: true });
      copyProject(GROWN_ROOT, ['pages'], { linkModules: false });
      await grow(GROWN_ROOT);
      writeFileSync(keyFile, key);
    }
    if (build && !builtSinceLastChange(GROWN_ROOT)) {
      if (!quiet) console.log(`Building the grown site (${GROWN_ROOT})…`);
      buildSite(GROWN_ROOT, { ...TEST_BUILD_ENV, ...process.env });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return GROWN_ROOT;
}

/**
 * Runs Vitest projects on the grown site, in one run: their files share its workers, so that a
 * file that mostly waits (an engine's driver) runs beside one that computes. Its output as it
 * comes; resolves with its exit code.
 */
function runProjects(root, projects) {
  const flags = projects.flatMap((project) => ['--project', project]);
  console.log(`\nOn the grown site (SITE_ROOT=${path.relative(ROOT, root)}): vitest run ${flags.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...flags], {
      cwd: ROOT,
      stdio: 'inherit',
      // Their set-up builds it (build-first.mjs), as tests build a site of their own.
      env: { ...TEST_BUILD_ENV, ...process.env, GROWN_TREE: '1', SITE_ROOT: root },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const projects = process.argv.slice(2);
  if (projects.length === 0) {
    console.error(
      'Usage: node tests/support/grown-tree.mjs <Vitest project>… (build, browser, engines) | --where',
    );
    process.exit(2);
  }
  let root;
  try {
    // The Vitest projects build it first (build-first.mjs); --where builds it here.
    root = await grownTree({ quiet: false, build: projects[0] === '--where' });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (projects[0] === '--where') {
    console.log(root);
    process.exit(0);
  }
  process.exit(await runProjects(root, projects));
}
