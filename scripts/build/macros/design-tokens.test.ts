import { describe, expect, it } from 'vitest';
import { token, tokenMs } from './design-tokens';

describe('design tokens for TypeScript', () => {
  it('evaluates a Sass expression over the tokens to its CSS value', () => {
    expect(token("breakpoint('lg')")).toMatch(/^[\d.]+em$/);
    expect(token('space(4)')).toMatch(/^[\d.]+rem$/);
  });

  it('gives durations in milliseconds, from seconds or milliseconds', () => {
    expect(tokenMs('0.3s')).toBe(300);
    expect(tokenMs('150ms')).toBe(150);
    expect(tokenMs('$duration-panel')).toBeGreaterThan(tokenMs('$duration-dropdown'));
  });

  it('fails the build on a token that does not exist or is not a duration', () => {
    expect(() => token('$no-such-token')).toThrow();
    expect(() => tokenMs("breakpoint('lg')")).toThrow('not a duration');
  });
});
