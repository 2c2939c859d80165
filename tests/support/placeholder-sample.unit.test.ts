// Which under-construction pages the checks at several widths look at past the first width.
import { describe, expect, it } from 'vitest';
import { atEveryWidth, isPlaceholder, longestPlaceholder, placeholderSample } from './placeholder-sample.cjs';
import routesJson from '../../pages/_data/routes.json' with { type: 'json' };
import type { Route } from './site';

const routes = routesJson as Route[];
const placeholders = routes.filter((route) => route.template === 'placeholder');
const section = (path: string) => path.split('/')[1];

describe('the under-construction pages checked at every width', () => {
  const sample = placeholders.filter((route) => atEveryWidth(route.path));

  it('are one per section, the longest title in it', () => {
    expect(sample.map((route) => section(route.path))).toEqual([
      ...new Set(placeholders.map((route) => section(route.path))),
    ]);
    for (const route of sample) {
      const longest = Math.max(
        ...placeholders
          .filter((other) => section(other.path) === section(route.path))
          .map((other) => other.title.length),
      );
      expect(route.title.length, route.path).toBe(longest);
    }
  });

  it('include the longest title of all', () => {
    expect(longestPlaceholder!.title.length).toBe(
      Math.max(...placeholders.map((route) => route.title.length)),
    );
    expect(atEveryWidth(longestPlaceholder!.path)).toBe(true);
  });

  it('leave every other page at every width', () => {
    for (const route of routes.filter((route) => route.template !== 'placeholder')) {
      expect(isPlaceholder(route.path), route.path).toBe(false);
      expect(atEveryWidth(route.path), route.path).toBe(true);
    }
    expect(atEveryWidth('/no-such-page')).toBe(true);
  });

  it('once no page is under construction, are none: every page at every width', () => {
    const launched = placeholderSample(routes.map((route) => ({ ...route, template: 'content' as const })));
    expect(launched.longestPlaceholder).toBeUndefined();
    for (const route of routes) expect(launched.atEveryWidth(route.path), route.path).toBe(true);
  });
});
