/** Types for machine-check.mjs, which `npm test` and the budget use. */
export const QUIET_MACHINE_MS: number;
export function machineCheckMs(): number;
