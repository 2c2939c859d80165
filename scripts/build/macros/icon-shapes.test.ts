import { describe, expect, it } from 'vitest';
import { iconShapes } from './icon-shapes';

describe('icon shapes from partials/icon.html', () => {
  it('reads every shape of an icon, with its attributes', () => {
    expect(iconShapes('menu')).toEqual([['path', { d: expect.stringMatching(/^M/) as unknown }]]);
    const mapPin = iconShapes('map-pin');
    expect(mapPin.map(([tag]) => tag)).toEqual(['path', 'circle']);
    expect(Object.keys(mapPin[1]![1])).toEqual(['cx', 'cy', 'r']);
  });

  it('fails the build for an icon the partial does not draw', () => {
    expect(() => iconShapes('no-such-icon')).toThrow('no icon named "no-such-icon"');
  });
});
