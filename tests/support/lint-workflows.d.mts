export declare function lintWorkflow(file: string, source?: string): string[];
