/** Types for grown-posts.mjs. */
export const SHOWCASE: { listing: string; post: string };
export const POST_PHOTOS: { name: string; width: number; height: number }[];
