export interface CaptureBrowserPaths {
  executablePath: string;
  fontconfigFile: string;
}
export declare function captureBrowserPaths(): CaptureBrowserPaths;
export declare function prepareCaptureBrowser(): Promise<CaptureBrowserPaths>;
export declare function mismatchWithReferences(): string | undefined;
export declare function recordCapture(): void;
export declare function unsupportedReason(): string | undefined;
