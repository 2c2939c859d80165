export interface FailedCapture {
  page: string;
  state: string;
  viewport: string;
  width: number | undefined;
  mismatch: string;
  diffImage: string;
}
export interface BackstopReport {
  tests: {
    status: string;
    pair: {
      label: string;
      url: string;
      viewportLabel: string;
      diffImage?: string;
      diff?: { misMatchPercentage?: string; isSameDimensions?: boolean };
    };
  }[];
}
export declare const JSON_REPORT: string;
export declare const HTML_REPORT: string;
export declare function failedCaptures(report: BackstopReport): FailedCapture[];
export declare function failuresAsText(rows: FailedCapture[]): string;
export declare function failuresAsMarkdown(rows: FailedCapture[]): string;
export declare function readLastReport(): BackstopReport | undefined;
