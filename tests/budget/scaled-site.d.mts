/** Types for scaled-site.mjs, which the budget uses. */
export const SCALED_ROUTES: number;
export function scaledBuildTime(total?: number): Promise<number>;
