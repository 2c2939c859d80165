/**
 * What `npm test` has cost so far, for the budget's figures (budget.test.ts): its wall time and
 * the machine's busy CPU-seconds (/proc/stat, so the browsers, servers and runtimes the suites
 * start count too). `npm test` runs this file first (package.json "pretest"), which marks the
 * start in .cache/npm-test-start.json with the `npm test` process it runs under; the budget reads
 * the mark only from inside that same process's tree, so `npm run budget` on its own, later,
 * prints no figure of an earlier run.
 *
 *   node tests/budget/npm-test-cost.mjs   (npm test's "pretest")
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const { ROOT } = createRequire(import.meta.url)('../../scripts/build/repo-root.cjs');
const MARK = path.join(ROOT, '.cache/npm-test-start.json');
/** /proc counts CPU time in hundredths of a second (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * The machine's busy CPU time since it started, in ticks: what its processes and kernel ran. Not
 * idle, nor waiting on the disk, nor stolen: time a virtual machine's host gave to other guests,
 * which is no work of npm test's (docs/performance.md).
 */
function busyTicks() {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user + nice + system + irq + softirq;
}

/** A process's parent and its start (ticks after boot: with the pid, it names one process), or undefined once it is gone. */
function processOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name, which may hold spaces and brackets: state, ppid, …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), started: fields[19] };
  } catch {
    return undefined;
  }
}

/** The processes above this one, nearest first, with their starts. */
function ancestors() {
  const chain = [];
  for (let pid = processOf(process.pid)?.parent; pid && pid > 1; pid = processOf(pid)?.parent)
    chain.push({ pid, started: processOf(pid)?.started });
  return chain;
}

/**
 * The `npm test` (`npm t`, `npm run test`) process above this one: npm names its process after its
 * command (process.title), which is what /proc shows as its command line.
 */
function npmTestAbove() {
  return ancestors().find(({ pid }) => {
    try {
      return /^npm (?:t|test|run test)(?:[\0 ]|$)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** Whether this process runs under `npm test`. */
export const underNpmTest = () => npmTestAbove() !== undefined;

/** Marks the start of the `npm test` this runs under; outside one, marks nothing. */
function markStart() {
  const npmTest = npmTestAbove();
  if (!npmTest) return;
  mkdirSync(path.dirname(MARK), { recursive: true });
  writeFileSync(MARK, `${JSON.stringify({ npmTest, at: Date.now(), busy: busyTicks() })}\n`);
}

/**
 * The wall time and busy CPU-seconds since the `npm test` this runs under started, or undefined
 * outside one (or when its start was not marked).
 * @returns {{ seconds: number, cpuSeconds: number } | undefined}
 */
export function npmTestCost() {
  let mark;
  try {
    mark = JSON.parse(readFileSync(MARK, 'utf8'));
  } catch {
    return undefined;
  }
  const under = ancestors().some(
    ({ pid, started }) => pid === mark.npmTest.pid && started === mark.npmTest.started,
  );
  if (!under) return undefined;
  return {
    seconds: (Date.now() - mark.at) / 1000,
    cpuSeconds: (busyTicks() - mark.busy) / TICKS_PER_SECOND,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) markStart();
