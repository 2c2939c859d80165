/** Types for grown-posts.mjs. */
export const SHOWCASE: { listing: string; post: string };
export const POST_PHOTOS: { name: string; width: number; height: number }[];
export const GROWN_POSTS: Record<
  string,
  (context: {
    author: (index: number) => string;
    category: (index: number) => string;
    scheduledDay: string;
  }) => string
>;
