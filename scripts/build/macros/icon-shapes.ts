/**
 * The shapes of an icon as partials/icon.html draws it, the one place icons are defined. The
 * Icon component imports this as a Parcel macro (`with { type: 'macro' }`): it runs at build
 * time, so a bundle holds only the shapes of the icons it uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rerunWhenChanged } from './rerun-when-changed';

const ICONS = path.resolve('partials/icon.html');

export type IconShape = ['path' | 'circle' | 'rect', Record<string, string>];

/** The SVG elements inside the partial's `<case n="'name'">`, as [tag, attributes]. */
export function iconShapes(this: unknown, name: string): IconShape[] {
  rerunWhenChanged(this, ICONS);
  const partial = readFileSync(ICONS, 'utf8');
  const body = new RegExp(`<case n="'${name}'">([\\s\\S]*?)</case>`).exec(partial)?.[1];
  if (!body) throw new Error(`partials/icon.html draws no icon named "${name}"`);
  return [...body.matchAll(/<(path|circle|rect)\s([^>]*?)\s*\/>/g)].map(
    ([, tag = '', attributes = '']): IconShape => [
      tag as IconShape[0],
      Object.fromEntries(
        [...attributes.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, key = '', value = '']): [string, string] => [
          key,
          value,
        ]),
      ),
    ],
  );
}
