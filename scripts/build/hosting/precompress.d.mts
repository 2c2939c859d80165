/** Types for precompress.mjs, which the build runs as plain Node and the tests import. */
export const HOSTS: Record<
  'cloudflare' | 'netlify' | 'nginx',
  { name: string; precompressed: boolean; fileLimit?: number }
>;
export const COMPRESSIBLE: RegExp;
export function hostOf(value?: string): keyof typeof HOSTS;
export function precompress(dir: string): Promise<{ texts: number; written: number }>;
export function fileCount(dir: string): number;
export function outputForHost(dist?: string): Promise<void>;
