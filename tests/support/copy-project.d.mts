/** Types for copy-project.mjs. */
/** Copies the project's files (or those under `only`) into `scratch`, with node_modules linked. */
export function copyProject(scratch: string, only?: string[], options?: { linkModules?: boolean }): void;
