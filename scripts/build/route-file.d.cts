export declare function fileOfRoute(routePath: string): string;
export declare function routeOfFile(file: string): string;
export declare function pageFiles(): string[];
