/**
 * The Node.js range `engines` names in package.json is one on which `npm install` warns about no
 * package: every locked package that installs on Linux x64 accepts every Node version of the range
 * (docs/dependencies.md, "Node.js").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/build/repo-root.cjs';

interface Locked {
  version?: string;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const { engines } = read<{ engines: { node: string } }>('package.json');
const { packages } = read<{ packages: Record<string, Locked> }>('package-lock.json');
/** Whether a package's os/cpu lists admit Linux x64, where the project is installed and run. */
const installsHere = ({ os, cpu }: Locked) => (!os || os.includes('linux')) && (!cpu || cpu.includes('x64'));

describe('the supported Node.js range', () => {
  it('is one every locked package accepts: no EBADENGINE warning on install', () => {
    const narrower = Object.entries(packages)
      .filter(([name, locked]) => name && locked.engines?.node && installsHere(locked))
      .filter(([, locked]) => !semver.subset(engines.node, locked.engines!.node!))
      .map(
        ([name, locked]) =>
          `${name.replace(/^.*node_modules\//, '')}@${locked.version}: ${locked.engines!.node}`,
      );
    expect(narrower, `packages that do not accept all of "${engines.node}" (package.json engines)`).toEqual(
      [],
    );
  });

  it('includes .nvmrc’s major version', () => {
    const major = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(semver.intersects(engines.node, `^${major}`)).toBe(true);
  });
});
