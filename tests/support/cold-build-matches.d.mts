/** Types for cold-build-matches.mjs, which npm run check:cache runs and the build cache's test imports. */
export function digests(dir: string): Map<string, string>;
