/**
 * posthtml-expressions as scripts/build/patches/ leaves it (docs/dependencies.md, "Patched"):
 * a run takes a vm context from a pool instead of making one, and sees only its own locals. The
 * patch is applied by `npm install` (postinstall: patch-package, which fails the install when the
 * patch no longer applies); this fails when the package runs unpatched.
 */
import { createRequire } from 'node:module';
import vm from 'node:vm';
import posthtml, { type Plugin } from 'posthtml';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Its types declare its options only: the plugin itself, as the build requires it.
const expressions = createRequire(import.meta.url)('posthtml-expressions') as (options: {
  locals: Record<string, unknown>;
  strictMode: boolean;
}) => Plugin<unknown>;

/** A template rendered as posthtml-site renders a page: synchronously, strict. */
const render = (template: string, locals: Record<string, unknown>) =>
  (
    posthtml([expressions({ locals, strictMode: true })]).process(template, { sync: true }) as unknown as {
      html: string;
    }
  ).html;

describe('posthtml-expressions, patched', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('makes no vm context for a run once one is free', () => {
    render('<p>{{ name }}</p>', { name: 'warm' });
    let made = 0;
    const createContext = vm.createContext.bind(vm);
    vi.spyOn(vm, 'createContext').mockImplementation(((context?: vm.Context) => {
      if (!vm.isContext(context ?? {})) made += 1;
      return createContext(context);
    }) as typeof vm.createContext);
    for (let run = 0; run < 10; run += 1)
      render('<each loop="item in items"><i>{{ item }}</i></each>', { items: [1, 2] });
    expect(made).toBe(0);
  });

  it('gives each run its own locals, and nothing of the run before', () => {
    expect(render('<p>{{ name }} {{ typeof first }}</p>', { name: 'one', first: 1 })).toBe(
      '<p>one number</p>',
    );
    expect(render('<p>{{ name }} {{ typeof first }}</p>', { name: 'two' })).toBe('<p>two undefined</p>');
  });

  it('still fails on a name no local has', () => {
    expect(() => render('<p>{{ missing }}</p>', { name: 'x' })).toThrow(/'missing' is not defined/);
  });
});
