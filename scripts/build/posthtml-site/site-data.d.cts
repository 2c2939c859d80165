/** Types for site-data.cjs, which the PostHTML plugin uses and the build tests check. */
export const ROOT: string;
export function loadSiteData(): {
  routes: { path: string }[];
  files: string[];
  layoutSource: string;
  locals: Record<string, unknown>;
};
