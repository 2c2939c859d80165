/** Types for post-html.cjs, which the build runs as plain Node and the tests import. */
export interface Refused {
  /** What the allowlist refuses: "a <script>, which …". */
  what: string;
  /** Text that finds its line in the post, tried in turn. */
  needles: string[];
}
export function sanitizePostHtml(html: string): { html: string; refused: Refused[] };
export const TAG_NAMES: string[];
