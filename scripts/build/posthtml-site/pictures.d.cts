/** Types for pictures.cjs, for the tests that read the markup it writes. */
/** "96, 192 288" → [96, 192, 288], or undefined when it is not a list of whole widths. */
export function parseWidths(text: string): number[] | undefined;
/** "16/9" → 16 / 9, or undefined. */
export function parseAspect(text: string): number | undefined;
/** The widths offered when the markup names none. */
export const DEFAULT_WIDTHS: number[];
