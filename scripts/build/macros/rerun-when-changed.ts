/** What the build-time macros (design-tokens.ts, icon-shapes.ts) share. */

/** What Parcel passes a macro as `this` (the part of @parcel/macros' MacroContext used here). */
interface MacroContext {
  invalidateOnFileChange: (filePath: string) => void;
}

/**
 * Has Parcel run the macro again when `filePath` changes. `context` is the macro's `this`: a
 * MacroContext at build time, nothing when a test calls the function directly.
 */
export function rerunWhenChanged(context: unknown, filePath: string): void {
  const macro = context as Partial<MacroContext> | undefined;
  if (typeof macro?.invalidateOnFileChange === 'function') macro.invalidateOnFileChange(filePath);
}
