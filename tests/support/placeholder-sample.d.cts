import type { Route } from './site';

interface PlaceholderSample {
  longestPlaceholder: Route | undefined;
  isPlaceholder: (path: string) => boolean;
  atEveryWidth: (path: string) => boolean;
}

export declare function placeholderSample(routes: readonly Route[]): PlaceholderSample;
export declare const longestPlaceholder: PlaceholderSample['longestPlaceholder'];
export declare const isPlaceholder: PlaceholderSample['isPlaceholder'];
export declare const atEveryWidth: PlaceholderSample['atEveryWidth'];
