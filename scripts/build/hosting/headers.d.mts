/** Types for headers.mjs, which the build runs as plain Node and the tests import. */
export function inlineCodeOf(html: string): {
  scriptHashes: string[];
  styleHashes: string[];
  stray: string[];
};
export interface ServedOver {
  /** false for a host served over plain HTTP: no upgrade-insecure-requests, no HSTS. */
  overHttps?: boolean;
  /** sha256 hashes of the pages' <style> elements, which style-src allows. */
  inlineStyleHashes?: string[];
  /** Cloudflare Turnstile's script and frame, when the lead receiver challenges visitors. */
  turnstile?: boolean;
}
export const TURNSTILE_ORIGIN: string;
export function contentSecurityPolicy(
  inlineScriptHashes: string[],
  leadEndpoint?: string,
  options?: ServedOver,
): string;
export function securityHeaders(
  inlineScriptHashes: string[],
  leadEndpoint?: string,
  options?: ServedOver,
): Record<string, string>;
export const IMMUTABLE: string;
export const REVALIDATE: string;
export const HASHED_ASSET: RegExp;
export const SPECULATION_RULES_URL: string;
export const SPECULATION_RULES_TYPE: string;
export const PAGE_HEADERS: Record<string, string>;
export function pagePaths(routes: { path: string }[], blog: { order: string[] }): string[];
export function speculationRules(pagePaths: string[]): {
  prerender: { where: { href_matches: string[] }; eagerness: 'moderate' }[];
};
export const ATOM_TYPE: string;
export const FEED_FILE: RegExp;
export const EDITOR_PAGE_PATH: string;
export const EDITOR_FOLDER_PATH: string;
export function editorContentSecurityPolicy(options?: { overHttps?: boolean }): string;
export function editorSecurityHeaders(
  siteHeaders: Record<string, string>,
  options?: { overHttps?: boolean },
): Record<string, string>;
