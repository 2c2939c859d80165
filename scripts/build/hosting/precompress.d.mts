/** Types for precompress.mjs, which the build runs as plain Node and the tests import. */
export const HOSTS: Record<
  'cloudflare' | 'netlify' | 'nginx',
  { name: string; precompressed: boolean; fileLimit?: number }
>;
export const COMPRESSIBLE: RegExp;
export function hostOf(value?: string): keyof typeof HOSTS;
export function precompress(
  dir: string,
  options?: { cache?: string; prune?: boolean },
): Promise<{ texts: number; written: number; compressed: number }>;
export function fileCount(dir: string): number;
export function outputForHost(dist?: string, options?: { cache?: string }): Promise<void>;
