/** Types for built-pages.mjs, the record of the build the references were taken from. */
interface Scenario {
  label: string;
  url: string;
  expectStatus?: number;
}
interface Site {
  url: string;
  root: string;
}
interface BuildRecord {
  day?: string;
  pages: Record<string, string>;
}
export const RECORD_FILE: string;
export function pageFileOf(scenario: Scenario, sites: Site[]): string;
export function digestsOf(scenarios: Scenario[], sites: Site[]): Record<string, string>;
export function recordedBuild(file?: string): BuildRecord | undefined;
export function recordBuild(
  build: { day: string | undefined; pages: Record<string, string> },
  file?: string,
): void;
export function changedScenarios<S extends Scenario>(
  scenarios: S[],
  digests: Record<string, string>,
  record: BuildRecord | undefined,
): S[];
