/** Finds required markup inside an island's root, or fails loudly with the selector it expected. */
export function requireElement(scope: ParentNode, selector: string): Element {
  const element = scope.querySelector(selector);
  if (!element) throw new Error(`Island markup is missing: expected an element matching "${selector}"`);
  return element;
}

/** Whether an element matches a selector, treating selectors the browser cannot evaluate as no match. */
export function safelyMatches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}
