/** Types for empty-dist.mjs, which npm run build runs and the tests import. */
export function emptyDist(
  folder?: string,
  remove?: (folder: string, options: { recursive: boolean; force: boolean }) => void,
): string | undefined;
