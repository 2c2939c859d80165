/**
 * Measures of a post's page's layout, run inside the page by any engine's driver (Puppeteer's evaluate,
 * WebDriver's execute): each function stands alone, as a driver sends its source, not its closure.
 */

/** Each word broken across lines inside a table cell of a post, with how many lines it takes. */
export function wordsBrokenInCells(): string[] {
  return [...document.querySelectorAll('.ds-post__body td, .ds-post__body th')].flatMap((cell) => {
    const text = cell.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return [];
    // Each word's boxes: a word broken across lines has two.
    return [...(text.textContent ?? '').matchAll(/\S+/g)].flatMap((word) => {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      return lines > 1 ? [`"${word[0]}" broken in ${lines} lines`] : [];
    });
  });
}

/** Each code block of a post whose lines do not keep to one line each. */
export function codeLinesWrapped(): string[] {
  return [...document.querySelectorAll('.ds-post__body pre')].flatMap((block) => {
    const range = document.createRange();
    range.selectNodeContents(block);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    const written = block.textContent.replace(/\n$/, '').split('\n').length;
    return lines === written ? [] : [`code of ${written} lines shown on ${lines}`];
  });
}
