/** Where the build's record of its sources is kept, from the repo root. */
export const RECORD: string;
/** Each source file's sha256, by its path from its root: a site root's pages/, the repository's others. */
export function sourceDigests(siteRoot?: string): Record<string, string>;
/** The digests recorded by the last build of a tree, or undefined when it recorded none. */
export function recordedDigests(siteRoot?: string): Record<string, string> | undefined;
/** The files whose content differs between two records: changed, added or removed. */
export function changedFiles(recorded: Record<string, string>, now: Record<string, string>): string[];
/** The day the last build of a tree built as (YYYY-MM-DD), or undefined when it recorded none. */
export function recordedDay(siteRoot?: string): string | undefined;
