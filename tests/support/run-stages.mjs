/**
 * `npm test`: every check, in order, each as its own npm script; stops at the first that fails.
 * Prints how long each stage took at the end, passed or not, so a slow stage is seen at once.
 */
import { spawnSync } from 'node:child_process';

const STAGES = ['lint', 'test:unit', 'build', 'test:build', 'test:browser', 'test:visual', 'budget'];

const times = [];
let failed;
for (const stage of STAGES) {
  const started = performance.now();
  const { status } = spawnSync('npm', ['run', '--silent', stage], { stdio: 'inherit' });
  times.push([stage, (performance.now() - started) / 1000, status === 0 ? 'passed' : 'FAILED']);
  if (status !== 0) {
    failed = stage;
    break;
  }
}

const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
const width = Math.max(...STAGES.map((stage) => stage.length));
const line = (stage, seconds, result) =>
  `${stage.padEnd(width)}  ${seconds.toFixed(0).padStart(4)} s  ${result}`;
console.log(
  ['', 'npm test, time per stage:', ...times.map((row) => line(...row)), line('total', total, '')].join('\n'),
);
if (failed) {
  console.error(`\nnpm test stopped: "npm run ${failed}" failed.`);
  process.exit(1);
}
