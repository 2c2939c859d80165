/**
 * The footer's copyright year is written at build time, so it would go stale on 1 January until
 * the next build. This moves it forward when the visitor's clock is in a later year; never back,
 * since a clock set in the past is more likely wrong than the build. The static year stays as the
 * JavaScript-off fallback.
 */
export function correctFooterYear(scope: ParentNode, now: Date = new Date()): void {
  const year = now.getFullYear();
  for (const element of scope.querySelectorAll('.ds-footer__year')) {
    if (Number(element.textContent) < year) element.textContent = String(year);
  }
}
