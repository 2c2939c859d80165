/**
 * `npm test`: every check, each as its own npm script; stops at the first that fails. Prints how
 * long each stage took at the end, passed or not, so a slow stage is seen at once.
 *
 * Lint and the unit tests need nothing built, so they run beside the build and the build-output
 * tests, each in a lane of its own: lint is mostly one process at a time, so the unit tests fill the
 * machine while it runs (about 20 s sooner than after it). Their output is held back and printed
 * whole when they end, so the lanes never interleave. The stages that drive Chromium run one at a
 * time afterwards: the budget times pages, and a second process beside it would slow them.
 *
 * The summary ends with a machine check (machine-check.mjs) before and after the stages, and the
 * load average at the start: a slow run with a slow check was a busy machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { QUIET_MACHINE_MS, machineCheckMs } from './machine-check.mjs';

const { unsupportedReason } = createRequire(import.meta.url)('../../backstop/capture-browser.cjs');

/** Lanes that run side by side, each a list of stages in order; all but the last hold their output back. */
const SIDE_BY_SIDE = [['lint'], ['test:unit'], ['build', 'test:build']];
const THEN_ONE_BY_ONE = ['test:browser', 'test:engines', 'test:visual', 'budget'];
/**
 * The budget's checks run here; its timed goals (builds, dev rebuild, interactions), which are
 * printed but not checked, are left to `npm run budget` and CI's budget step.
 */
const STAGE_ENV = { budget: { BUDGET_TIMED: '0' } };
/** Stages this machine cannot run, with the reason: the visual suite's pinned browser is Linux x64 only. */
const NOT_RUN = { 'test:visual': unsupportedReason() };

const loadBefore = loadavg()[0];
const speedBefore = machineCheckMs();
const started = performance.now();
const times = [];

/** Runs one stage; resolves whether it passed, and records its time. */
function run(stage, stdio = 'inherit') {
  if (NOT_RUN[stage]) {
    times.push([stage, 0, 'NOT RUN']);
    return Promise.resolve(true);
  }
  const stageStarted = performance.now();
  return new Promise((resolve) => {
    spawn('npm', ['run', '--silent', stage], { stdio, env: { ...process.env, ...STAGE_ENV[stage] } }).on(
      'exit',
      (code) => {
        const passed = code === 0;
        times.push([stage, (performance.now() - stageStarted) / 1000, passed ? 'passed' : 'FAILED']);
        resolve(passed);
      },
    );
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

const heldBack = SIDE_BY_SIDE.slice(0, -1);
const inline = SIDE_BY_SIDE.at(-1);
const firstPassed = (await Promise.all([...heldBack.map(runHeldBack), runLane(inline)])).every(Boolean);
const passed = firstPassed && (await runLane(THEN_ONE_BY_ONE));
const wallClock = (performance.now() - started) / 1000;
const speedAfter = machineCheckMs();

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
      `${speedAfter.toFixed(0)} ms after (one core; about ${QUIET_MACHINE_MS} ms on a quiet machine); ` +
      `load average ${loadBefore.toFixed(2)} at the start`,
  ].join('\n'),
);
for (const [stage, reason] of Object.entries(NOT_RUN).filter(([, reason]) => reason)) {
  console.log(`\n"npm run ${stage}" was not run: ${reason}. It runs on Linux x64 and in CI.`);
}
if (!passed) {
  const failed = times.filter(([, , result]) => result === 'FAILED').map(([stage]) => `"npm run ${stage}"`);
  console.error(`\nnpm test stopped: ${failed.join(' and ')} failed.`);
  process.exit(1);
}
