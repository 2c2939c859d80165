/**
 * The only script every page loads. It is tiny and does not import React: islands are fetched
 * when a visitor first interacts with them, so the page paints and reads from HTML and CSS alone.
 */
import { islandRegistry } from './islands/registry';
import { startIslands } from './islands/start';

// Styles for JavaScript-only controls key off this class (see the `when-js` mixin).
document.documentElement.classList.add('ds-js');

startIslands(document, islandRegistry);
