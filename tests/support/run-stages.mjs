/**
 * `npm test`: every check, each as its own npm script; stops at the first that fails. Prints how
 * long each stage took at the end, passed or not, so a slow stage is seen at once.
 *
 * Lint and the unit tests need nothing built, so they run beside the build and the build-output
 * tests; their output is held back and printed whole when they end, so the two never interleave. The
 * stages that drive Chromium run one at a time afterwards: the budget times pages, and a second
 * process beside it would slow them.
 *
 * The same commit's stages have taken from 431 to 633 s on the same kind of 2-core machine, every
 * stage slower by the same share: the machine, not the code. So the summary also times a fixed
 * piece of work before and after the stages, and gives the load average at the start; a slow run
 * with a slow check was a busy machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Lanes that run side by side, each a list of stages in order; the first lane's output is held back. */
const SIDE_BY_SIDE = [
  ['lint', 'test:unit'],
  ['build', 'test:build'],
];
const THEN_ONE_BY_ONE = ['test:browser', 'test:visual', 'budget'];

/** 400 KB of pseudo-random letters (xorshift32, fixed seed): the same bytes on every run. */
function fixedText() {
  const text = Buffer.alloc(400_000);
  let state = 2_463_534_242;
  for (let index = 0; index < text.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text[index] = 97 + ((state >>> 0) % 26);
  }
  return text;
}

/** Milliseconds one core takes to compress fixedText() with brotli at quality 11, the median of three. */
function speedCheckMs() {
  const text = fixedText();
  const runs = [1, 2, 3].map(() => {
    const start = performance.now();
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return performance.now() - start;
  });
  return runs.sort((a, b) => a - b)[1];
}

const loadBefore = loadavg()[0];
const speedBefore = speedCheckMs();
const started = performance.now();
const times = [];

/** Runs one stage; resolves whether it passed, and records its time. */
function run(stage, stdio = 'inherit') {
  const stageStarted = performance.now();
  return new Promise((resolve) => {
    spawn('npm', ['run', '--silent', stage], { stdio }).on('exit', (code) => {
      const passed = code === 0;
      times.push([stage, (performance.now() - stageStarted) / 1000, passed ? 'passed' : 'FAILED']);
      resolve(passed);
    });
  });
}

async function runLane(stages, stdio) {
  for (const stage of stages) if (!(await run(stage, stdio))) return false;
  return true;
}

/** Runs a lane with its output in a file, then prints that output. */
async function runHeldBack(stages) {
  const folder = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
  const file = path.join(folder, 'output');
  const fd = openSync(file, 'w');
  const passed = await runLane(stages, ['ignore', fd, fd]);
  process.stdout.write(`\n--- ${stages.join(', ')} ---\n${readFileSync(file, 'utf8')}`);
  rmSync(folder, { recursive: true, force: true });
  return passed;
}

const [heldBack, ...inline] = SIDE_BY_SIDE;
const firstPassed = (
  await Promise.all([runHeldBack(heldBack), ...inline.map((lane) => runLane(lane))])
).every(Boolean);
const passed = firstPassed && (await runLane(THEN_ONE_BY_ONE));
const wallClock = (performance.now() - started) / 1000;
const speedAfter = speedCheckMs();

const stages = [...SIDE_BY_SIDE.flat(), ...THEN_ONE_BY_ONE];
const width = Math.max(...stages.map((stage) => stage.length), 'total (wall clock)'.length);
const line = (stage, seconds, result) =>
  `${stage.padEnd(width)}  ${seconds.toFixed(0).padStart(4)} s  ${result}`;
const order = (stage) => stages.indexOf(stage);
console.log(
  [
    '',
    `npm test, time per stage (${SIDE_BY_SIDE.map((lane) => lane.join(' → ')).join(' beside ')}):`,
    ...times.sort(([a], [b]) => order(a) - order(b)).map((row) => line(...row)),
    line('total (wall clock)', wallClock, ''),
    `machine check: brotli of a fixed 400 KB took ${speedBefore.toFixed(0)} ms before the stages and ` +
      `${speedAfter.toFixed(0)} ms after (one core; about 235 ms when the 2-core CI machine is quiet); ` +
      `load average ${loadBefore.toFixed(2)} at the start`,
  ].join('\n'),
);
if (!passed) {
  const failed = times.filter(([, , result]) => result === 'FAILED').map(([stage]) => `"npm run ${stage}"`);
  console.error(`\nnpm test stopped: ${failed.join(' and ')} failed.`);
  process.exit(1);
}
