// @vitest-environment node
/**
 * No module of the browser's code imports itself through others: a circle makes the order in which
 * modules run depend on which is imported first, and ties their chunks together. Types count:
 * `import type` circles read the same way to a maintainer. (The registry imports every island;
 * the islands take their types from island-types.ts, never from the registry.)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPTS = import.meta.dirname;
const ROOT = path.dirname(SCRIPTS);

/** The browser's code: scripts/ but the build's (Node) and the tests. */
const files = readdirSync(SCRIPTS, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('build') && !/\.test\.tsx?$/.test(file))
  .map((file) => path.join(SCRIPTS, file));

/** The project files a module imports (statically, dynamically or for types), by relative path. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
    );
    return found ? [found] : [];
  });
}

/** Each circle, as the files around it from the project root. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      found.push([...trail.slice(trail.indexOf(file)), file].map((name) => path.relative(ROOT, name)));
      return;
    }
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

describe('the browser code’s imports', () => {
  it('form no circle', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle: the registry and an island that takes its types from it', () => {
    const registry = path.join(SCRIPTS, 'islands/registry.ts');
    const toast = path.join(SCRIPTS, 'islands/toast/Toast.tsx');
    expect(importsOf(registry)).toContain(toast);
    expect(
      circles(
        new Map([
          [registry, [toast]],
          [toast, [registry]],
        ]),
      ),
    ).toEqual([
      ['scripts/islands/registry.ts', 'scripts/islands/toast/Toast.tsx', 'scripts/islands/registry.ts'],
    ]);
  });
});
