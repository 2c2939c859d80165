export declare const ROOT: string;
export declare const SITE_ROOT: string;
export declare const PAGES_DIR: string;
export declare const DIST: string;
export declare const HOSTING: string;
export declare function siteRootProblem(): string | undefined;
