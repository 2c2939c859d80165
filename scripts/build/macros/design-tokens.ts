/**
 * Design tokens for TypeScript, read from the one place they are defined,
 * styles/settings/_tokens.scss. Islands import these functions as Parcel macros
 * (`with { type: 'macro' }`): they run at build time and only the value reaches the bundle. In the
 * unit tests they run in Node the same way.
 */
import path from 'node:path';
import { compileString } from 'sass';
import { rerunWhenChanged } from './rerun-when-changed';

const TOKENS = path.resolve('styles/settings/_tokens.scss');

/** A Sass expression over the tokens, as CSS: "breakpoint('lg')" → "64em". */
export function token(this: unknown, expression: string): string {
  rerunWhenChanged(this, TOKENS);
  const { css } = compileString(`@use 'tokens' as *;\na { b: #{${expression}}; }`, {
    loadPaths: [path.dirname(TOKENS)],
  });
  const value = /b: ([^;]+);/.exec(css)?.[1];
  if (!value) throw new Error(`No design token for ${expression}`);
  return value;
}

/** A duration token in milliseconds: "$duration-panel" (0.3s) → 300. */
export function tokenMs(this: unknown, expression: string): number {
  const value = token.call(this, expression);
  const [, amount, unit] = /^([\d.]+)(m?s)$/.exec(value) ?? [];
  if (!amount) throw new Error(`${expression} is ${value}, not a duration`);
  return Math.round(Number(amount) * (unit === 's' ? 1000 : 1));
}
