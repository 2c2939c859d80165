/**
 * react-transition-group class names as BEM modifiers of a block: `--enter` (start state),
 * `--entering`, `--open` (settled), `--exit` and `--exiting`. The block's Sass styles each one.
 */
export function transitionClasses(block: string) {
  return {
    enter: `${block}--enter`,
    enterActive: `${block}--entering`,
    enterDone: `${block}--open`,
    exit: `${block}--exit`,
    exitActive: `${block}--exiting`,
  };
}
