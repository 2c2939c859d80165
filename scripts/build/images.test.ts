// @vitest-environment node
/**
 * A photo named that pages/_images/ does not hold: the build names the nearest names by edit
 * distance, as "Did you mean" when one is a typo away, else as the nearest names there.
 */
import { describe, expect, it } from 'vitest';
import { ImageProblem, imageNames, sourceImage } from './images.cjs';

const problemOf = (name: string) => {
  try {
    sourceImage(name);
  } catch (error) {
    if (error instanceof ImageProblem) return error;
    throw error;
  }
  throw new Error(`${name} was found`);
};

describe('a photo that is not there', () => {
  const [photo] = imageNames();

  it('is named with the one a typo away', () => {
    expect(photo, 'pages/_images/ holds a photo to misspell').toBeDefined();
    const typo = photo!.replace(/o/, '0');
    expect(problemOf(typo).fix).toMatch(new RegExp(`^Did you mean "${photo!.replace(/\./g, '\\.')}"\\?`));
  });

  it('is named with the nearest names when none is a typo away, never the whole folder', () => {
    const { fix } = problemOf('a-completely-different-name-for-the-team.png');
    expect(fix).toMatch(/^The nearest names there: /);
    expect(fix.split(',').length).toBeLessThanOrEqual(3);
  });
});
