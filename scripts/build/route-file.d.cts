export declare function fileOfRoute(routePath: string): string;
