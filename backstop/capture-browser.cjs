/**
 * The browser the visual suite captures with, and the fonts it may draw with, pinned by
 * package-lock.json: the Chromium build inside @sparticuz/chromium (its binary ships in the npm
 * tarball, so nothing is downloaded) and the emoji font of @fontsource/noto-color-emoji.
 *
 * Text is rasterised differently from one Chromium build to the next (another build changed
 * every capture by 2–16 % of its pixels), so a verdict is only comparable with references taken
 * by the same build. capture-browser.json records the build and fonts the references were taken
 * with; a run on anything else stops before capturing.
 *
 * CommonJS, so that BackstopJS's config can require it.
 */
const { execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { createBrotliDecompress } = require('node:zlib');

const { ROOT } = require('../scripts/build/repo-root.cjs');
const RECORD_FILE = path.join(__dirname, 'capture-browser.json');
const RETAKE = 'npm run test:visual:reference';

/** The installed version of a package (read from its package.json, which an `exports` map may hide). */
function installed(name) {
  const folder = path.join(ROOT, 'node_modules', name);
  const { version } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  return { folder, version, id: `${name}@${version}` };
}

const BROWSER_PACKAGE = '@sparticuz/chromium';
const EMOJI_PACKAGE = '@fontsource/noto-color-emoji';

/**
 * Why the pinned browser cannot run on this machine, or undefined where it can. The package ships
 * a Linux x64 build only.
 */
function unsupportedReason() {
  if (process.platform === 'linux' && process.arch === 'x64') return undefined;
  return `the pinned capture browser (${BROWSER_PACKAGE}) is built for Linux x64 only, and this machine is ${process.platform} ${process.arch}`;
}

/** Where the browser and its fonts are unpacked: beside node_modules' other caches, per version. */
function cacheFolder() {
  const browser = installed(BROWSER_PACKAGE);
  const emoji = installed(EMOJI_PACKAGE);
  return path.join(ROOT, 'node_modules/.cache/capture-browser', `${browser.version}+${emoji.version}`);
}

/** The paths the visual suite launches with (they exist once prepareCaptureBrowser() has run). */
function captureBrowserPaths() {
  const folder = cacheFolder();
  return {
    executablePath: path.join(folder, 'chromium'),
    fontconfigFile: path.join(folder, 'fonts.conf'),
  };
}

/**
 * A temporary name for a file being written: this process's own, so that a cut-off run leaves
 * nothing half-written and two preparations at once (the browser tests run two files at a time)
 * never write into one file; each renames its complete copy into place.
 */
const partialOf = (target) => `${target}.${randomUUID()}.partial`;

/** Unpacks a brotli-compressed file. */
async function unbrotli(source, target, mode) {
  const partial = partialOf(target);
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(partial, { mode }));
  renameSync(partial, target);
}

function writeWhole(target, data) {
  const partial = partialOf(target);
  writeFileSync(partial, data);
  renameSync(partial, target);
}

/**
 * Unpacks the pinned Chromium, converts the fonts a capture may fall back on to TrueType (the
 * browser's font lookup, fontconfig, reads no WOFF2) and writes a fontconfig file that lists only
 * them, so no system font can reach a capture. Skips what is already there.
 *
 * The package's own executablePath() is not used: it unpacks into the shared temp folder and
 * reuses any /tmp/chromium it finds there, whatever its version.
 */
async function prepareCaptureBrowser() {
  const { executablePath, fontconfigFile } = captureBrowserPaths();
  const folder = path.dirname(executablePath);
  mkdirSync(path.join(folder, 'fonts'), { recursive: true });
  if (!existsSync(executablePath)) {
    await unbrotli(path.join(installed(BROWSER_PACKAGE).folder, 'bin/chromium.br'), executablePath, 0o755);
  }
  if (!existsSync(fontconfigFile)) {
    const { default: fontverter } = await import('fontverter');
    const emojiFiles = path.join(installed(EMOJI_PACKAGE).folder, 'files');
    const fonts = [
      // The site's own font, as the fallback for any text the page's web font does not reach.
      path.join(ROOT, 'styles/fonts/inter.woff2'),
      // Every part of the colour emoji font (the 🚧 of the placeholder toast is one glyph of it).
      ...readdirSync(emojiFiles)
        .filter((name) => name.endsWith('.woff2'))
        .map((name) => path.join(emojiFiles, name)),
    ];
    for (const font of fonts) {
      const ttf = path.join(folder, 'fonts', path.basename(font, '.woff2') + '.ttf');
      writeWhole(ttf, await fontverter.convert(readFileSync(font), 'truetype'));
    }
    writeWhole(
      fontconfigFile,
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by backstop/capture-browser.cjs: captures see these fonts and no others. -->
<fontconfig>
  <dir>${path.join(folder, 'fonts')}</dir>
  <cachedir>${path.join(folder, 'fontconfig-cache')}</cachedir>
</fontconfig>
`,
    );
  }
  return captureBrowserPaths();
}

/** What this machine would capture with: the browser build, read from the binary, and the font packages. */
function currentCapture() {
  const { executablePath } = captureBrowserPaths();
  let browser;
  try {
    browser = execFileSync(executablePath, ['--version'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch (error) {
    const [reason] = String(error.stderr || error.message)
      .trim()
      .split('\n');
    throw new Error(
      `The pinned capture browser does not start: ${reason}\n` +
        'Fix: npm run setup:system (on Debian it installs the system libraries it needs, libnss3).',
    );
  }
  return {
    browser: `${browser} (${installed(BROWSER_PACKAGE).id})`,
    emojiFont: installed(EMOJI_PACKAGE).id,
  };
}

/** What the committed references were taken with. */
function recordedCapture() {
  return existsSync(RECORD_FILE) ? JSON.parse(readFileSync(RECORD_FILE, 'utf8')) : undefined;
}

/** Records what the references were just taken with (after `npm run test:visual:reference`). */
function recordCapture() {
  const { browser, emojiFont } = currentCapture();
  const record = {
    $comment: `The browser and emoji font the references in references/ were taken with. Written by ${RETAKE}.`,
    browser,
    emojiFont,
  };
  writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * Why this machine's captures cannot be compared with the references, or undefined when they
 * can: one message naming both builds and the command that re-takes the references.
 */
function mismatchWithReferences() {
  const recorded = recordedCapture();
  const current = currentCapture();
  const where = path.relative(ROOT, RECORD_FILE);
  if (!recorded) return `No ${where}: the references record no capture browser. Take them with ${RETAKE}.`;
  const differences = ['browser', 'emojiFont']
    .filter((key) => recorded[key] !== current[key])
    .map((key) => `  ${key}: references taken with ${recorded[key]}, this machine has ${current[key]}`);
  if (differences.length === 0) return undefined;
  return [
    `The visual references were taken with another capture browser or font (${where}):`,
    ...differences,
    'Pixels from two builds are not comparable, so nothing was captured. If the lock file changed on purpose,',
    `re-take the references with ${RETAKE}, review the changed images (git diff), and commit them with ${where}.`,
  ].join('\n');
}

module.exports = {
  captureBrowserPaths,
  mismatchWithReferences,
  prepareCaptureBrowser,
  recordCapture,
  unsupportedReason,
};
