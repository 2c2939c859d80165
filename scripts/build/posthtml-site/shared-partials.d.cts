/** Types for shared-partials.cjs, which the PostHTML plugin uses and the build tests check. */
import type { Plugin } from 'posthtml';

export function sharedPartials(
  includeOptions: {
    root: string;
    posthtmlExpressionsOptions: { locals: Record<string, unknown>; strictMode?: boolean };
  },
  siteData: object,
): Plugin<unknown>;
