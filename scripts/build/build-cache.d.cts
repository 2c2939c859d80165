/** Types for build-cache.cjs. */
export const CACHE_DIR: string;
export const PARCEL_CACHE: string;
export const PARCEL_INPUTS: string;
export const IMAGE_VARIANTS_CACHE: string;
export const COMPRESSED_CACHE: string;
export const POSTS_CACHE: string;
export const PARCEL_CACHE_GROWTH: number;
export function parcelWorkers(): number;
export function trimParcelCache(dir: string): string | undefined;
