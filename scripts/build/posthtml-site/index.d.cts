/** Types for index.cjs, which Parcel loads as a PostHTML plugin and the unit tests' fixtures use. */
import type { Plugin } from 'posthtml';

declare function posthtmlSite(): Plugin<unknown>;
declare namespace posthtmlSite {
  /** Turns each run of white space that holds a line break into one line break, outside pre, textarea, script and style. */
  const collapseIndentation: Plugin<unknown>;
  /** A page's source with its file (from the repo root) named on its `<layout>`, as the page transformer gives it. */
  function withPageFile(source: string, file: string): string;
}
export = posthtmlSite;
