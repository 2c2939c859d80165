import type { Route } from './site';

export declare const longestPlaceholder: Route;
export declare function isPlaceholder(path: string): boolean;
export declare function atEveryWidth(path: string): boolean;
