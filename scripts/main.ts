/**
 * The only script every page loads. It is tiny and does not import React: islands are fetched
 * when a visitor first interacts with them, so the page paints and reads from HTML and CSS alone.
 */
import { islandRegistry } from './islands/registry';
import { startIslands } from './islands/start';
import { showToast, subscribeToToasts } from './islands/toast/toast-store';

// Styles for JavaScript-only controls key off this class (see the `when-js` mixin).
document.documentElement.classList.add('ds-js');

const islands = startIslands(document, islandRegistry);

// The toast island renders whatever the store holds, so it is fetched with the first toast.
subscribeToToasts(() => void islands.load('toast'));

// Declarative trigger: any element with data-toast shows the placeholder toast when clicked,
// so pages need no script of their own for actions that are not built yet.
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-toast]')) showToast();
});
