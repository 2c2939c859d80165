/** Types for subset-font.mjs, which `npm run fonts` runs as plain Node and the tests import. */
export const FONT_FILE: string;
export function interSubset(): Promise<Buffer>;
export function parseUnicodeRange(value: string): [number, number][];
