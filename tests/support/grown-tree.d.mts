/** Types for grown-tree.mjs. */
export const GROWN_ROOT: string;
export interface GrownImage {
  name: string;
  width: number;
  height: number;
}
export const PORTRAITS: GrownImage[];
export const WORK_PHOTOS: GrownImage[];
export const WORK_ALT: string;
/** The settings of an owner about to launch, which the grown tree has (pages/_data/site.json). */
export const LAUNCH_SETTINGS: { phone: string; liveActions: boolean; bookingUrl: string };
/** A fixture post signed by a member `team` has: its own author, or the team's first member. */
export function byTeamMember(post: string, team: { name: string }[]): string;
/** Grows a copy of the tree at `root`. */
export function grow(root: string): Promise<void>;
/** The grown tree, made, synced and built as needed: resolves with its root. */
export function grownTree(options?: { quiet?: boolean }): Promise<string>;
/** Takes a lock folder, waiting up to `patienceMs` while a live run holds it; breaks a lock whose run is gone. */
export function takeLock(lock: string, patienceMs?: number): Promise<void>;
