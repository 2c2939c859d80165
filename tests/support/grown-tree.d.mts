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
/** Grows a copy of the tree at `root`. */
export function grow(root: string): Promise<void>;
/** The grown tree, made, synced and built as needed: resolves with its root. */
export function grownTree(options?: { quiet?: boolean }): Promise<string>;
