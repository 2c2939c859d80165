/** Types for images.cjs (what a source photo is), which the build runs as plain Node and the tests import. */
export class ImageProblem extends Error {
  what: string;
  fix: string;
}
export function imageNames(): string[];
export function sourceImage(name: string): {
  name: string;
  file: string;
  url: string;
  width: number;
  height: number;
  format: string;
  bytes: number;
};
export function nearestNames(name: string): string[] & { near: boolean };
export function editDistance(a: string, b: string): number;
export const IMAGES_DIR: string;
export const IMAGES_URL: string;
