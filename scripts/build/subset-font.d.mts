/** Types for subset-font.mjs. */
export function parseUnicodeRange(value: string): [number, number][];
/** The Inter faces styles/base/_fonts.scss declares: each one's file, code point ranges and weights. */
export function declaredFaces(): {
  file: string;
  ranges: [number, number][];
  weight: { min: number; max: number };
}[];
/** Every code point Inter has in the files the faces are cut from. */
export function interCodePoints(): Promise<Set<number>>;
/** Each face's file (from the repo root) and its bytes, as the declarations make them. */
export function interSubsets(): Promise<{ file: string; bytes: Buffer }[]>;
