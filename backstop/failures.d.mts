/** A BackstopJS JSON report, as much of it as failures() reads. */
export interface BackstopReport {
  tests: {
    status: string;
    pair: {
      label: string;
      viewportLabel: string;
      diffImage?: string;
      diff?: { misMatchPercentage?: string; rawMisMatchPercentage?: number; isSameDimensions?: boolean };
    };
  }[];
}
export const JSON_REPORT: string;
export function failures(
  report?: BackstopReport,
  reportFile?: string,
): { capture: string; mismatch: string; diff: string }[];
