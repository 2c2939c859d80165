/**
 * The CI and deploy workflows (.github/workflows/) hold to the project's release path: CI runs
 * every stage of npm test, and a deploy is built by `npm run release` after the launch check.
 * Their syntax is actionlint's (`npm run lint`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const source = readFileSync(path.resolve('.github/workflows/ci.yml'), 'utf8');

describe('the CI workflow', () => {
  it('runs every stage of npm test, one step each', () => {
    const scripts = (
      JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const stages = [...scripts.test!.matchAll(/npm:([\w:]+)/g)].map(([, name]) => name!);
    const steps = (
      parse(source) as { jobs: { test: { steps: { run?: string }[] } } }
    ).jobs.test.steps.flatMap((step) => (step.run ? [step.run] : []));
    // npm run check is the build and the build-output tests, two steps; the budget's checks are the budget's.
    const expanded = stages.flatMap((stage) =>
      stage === 'check' ? ['build', 'test:build'] : stage === 'budget:checks' ? ['budget'] : [stage],
    );
    for (const stage of expanded)
      expect(steps, `.github/workflows/ci.yml runs npm run ${stage}`).toContain(`npm run ${stage}`);
  });
});

describe('the deploy workflow', () => {
  const DEPLOY = path.resolve('.github/workflows/deploy.yml');
  interface Job {
    needs?: string | string[];
    'continue-on-error'?: unknown;
    if?: string;
    steps: { run?: string; 'continue-on-error'?: unknown }[];
  }
  const workflow = parse(readFileSync(DEPLOY, 'utf8')) as {
    on: Record<string, unknown>;
    jobs: Record<string, Job>;
  };
  const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');
  /** The jobs a job waits for, and the ones they wait for. */
  const before = (name: string): string[] => {
    const needs = workflow.jobs[name]?.needs ?? [];
    return [needs].flat().flatMap((need) => [need, ...before(need)]);
  };

  it('starts after CI on main, by hand, from a release tag or once a day (for scheduled posts), never from a push alone', () => {
    expect(Object.keys(workflow.on).sort()).toEqual([
      'push',
      'schedule',
      'workflow_dispatch',
      'workflow_run',
    ]);
    expect(workflow.on.push).toEqual({ tags: ['v*'] });
    // A push to main (the browser editor's saves) deploys once CI, the workflow named CI, has run on it.
    const ci = parse(readFileSync(path.resolve('.github/workflows/ci.yml'), 'utf8')) as { name: string };
    expect(workflow.on.workflow_run).toEqual({
      workflows: [ci.name],
      types: ['completed'],
      branches: ['main'],
    });
    // Minute and hour fixed, every day of every month.
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) as unknown }]);
  });

  it('deploys, on the daily run, the ref the launch check checked', () => {
    const deploying = Object.entries(workflow.jobs).filter(([, job]) => /wrangler/.test(runs(job)));
    for (const [name, job] of deploying) {
      const checkout = (job as unknown as { steps: { uses?: string; with?: { ref?: string } }[] }).steps.find(
        (step) => step.uses?.startsWith('actions/checkout'),
      );
      expect(checkout?.with?.ref, name).toBe('${{ needs.launch-check.outputs.ref }}');
    }
  });

  it('deploys only after npm run launch-check has passed, in a job that cannot be skipped or ignored', () => {
    const checks = Object.entries(workflow.jobs).filter(([, job]) => /npm run launch-check/.test(runs(job)));
    expect(checks).toHaveLength(1);
    const [check, checkJob] = checks[0]!;
    expect(
      checkJob['continue-on-error'] ?? checkJob.steps.some((step) => step['continue-on-error']),
    ).toBeFalsy();
    // Its one condition: after CI, only a run of a push that passed. Skipped, it skips the deploy.
    expect(checkJob.if).toBe(
      "github.event_name != 'workflow_run' || (github.event.workflow_run.conclusion == 'success' && github.event.workflow_run.event == 'push')",
    );
    const deploying = Object.entries(workflow.jobs).filter(
      ([, job]) => /\bdeploy\b/.test(runs(job)) && /wrangler/.test(runs(job)),
    );
    expect(deploying.length).toBeGreaterThan(0);
    for (const [name, job] of deploying) {
      expect(before(name), `${name} waits for ${check}`).toContain(check);
      expect(job.if, `${name} runs only when what it needs passed`).toBeUndefined();
    }
  });

  // The release path every host shares (README "Go live"): the launch check, then the build.
  it('builds what it deploys with npm run release, never with npm run build alone', () => {
    const deploying = Object.entries(workflow.jobs).filter(([, job]) => /wrangler/.test(runs(job)));
    expect(deploying.length).toBeGreaterThan(0);
    for (const [name, job] of deploying) {
      expect(runs(job), name).toMatch(/^npm run release$/m);
      expect(runs(job), name).not.toMatch(/npm run build/);
    }
    const scripts = (
      JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.release).toMatch(/npm run --silent launch-check && npm run build$/);
  });

  it('restores the build cache CI saves: this commit’s, or the latest this month with the same build code', () => {
    type Step = { uses?: string; with?: { path?: string; key?: string; 'restore-keys'?: string } };
    const cacheOf = (file: string) =>
      Object.values(
        (
          parse(readFileSync(path.resolve('.github/workflows', file), 'utf8')) as {
            jobs: Record<string, { steps: Step[] }>;
          }
        ).jobs,
      )
        .flatMap((job) => job.steps)
        .filter(
          (step) => step.uses?.startsWith('actions/cache') && step.with?.path?.split('\n')[0] === '.cache',
        )
        .map((step) => step.with!);
    const [saved] = cacheOf('ci.yml');
    const [restored] = cacheOf('deploy.yml');
    expect(restored).toEqual(saved);
    // Keyed by the month (Parcel's cache grows with every edit: the chain starts afresh), the
    // build's code and then the sources, so that it is saved again when they change.
    const [month, code, sources] = saved!.key!.split('}}-');
    expect(month).toContain('steps.month.outputs.month');
    expect(code).toContain("'package-lock.json'");
    expect(sources).toContain("'pages/**'");
    expect(saved!['restore-keys']).toBe(`${month}}}-${code}}}-`);
  });

  it('is the only workflow that runs the launch check: CI passes with the sample content in place', () => {
    for (const file of ['ci.yml', 'visual-references.yml'])
      expect(readFileSync(path.resolve('.github/workflows', file), 'utf8')).not.toContain('launch-check');
  });
});
