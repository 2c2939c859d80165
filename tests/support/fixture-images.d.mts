/** Types for fixture-images.mjs. */
export interface FixtureImage {
  /** File name in pages/_images/: its extension sets the format (.jpg, .png, .webp, .avif, .gif). */
  name: string;
  width: number;
  height: number;
}
/** Writes one fixture image into `folder` and returns its path. */
export function writeFixtureImage(folder: string, image: FixtureImage): Promise<string>;
