import { createElement } from 'react';
import { iconShapes } from '../build/macros/icon-shapes' with { type: 'macro' };

/** The line icons the islands draw, taken from partials/icon.html when the site is built. */
const SHAPES = {
  menu: iconShapes('menu'),
  close: iconShapes('close'),
  chevron: iconShapes('chevron'),
};

export function Icon({ name, size = 24 }: { name: keyof typeof SHAPES; size?: number }) {
  return (
    <svg
      className="ds-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
