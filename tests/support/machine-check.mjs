/**
 * How fast the machine is at this moment, for reading timed figures: the same commit's `npm test`
 * took 431 s on a quiet machine and 633 s on a busy one, every stage slower by the same share.
 * A fixed piece of work on one core (brotli at quality 11 of the same 400 KB, the median of three
 * runs) takes about 235 ms on a quiet machine of the CI kind; a slow figure beside a slow check is
 * the machine, not the code.
 */
import { brotliCompressSync, constants } from 'node:zlib';

/** 400 KB of pseudo-random letters (xorshift32, fixed seed): the same bytes on every run. */
function fixedText() {
  const text = Buffer.alloc(400_000);
  let state = 2_463_534_242;
  for (let index = 0; index < text.length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text[index] = 97 + ((state >>> 0) % 26);
  }
  return text;
}

export const QUIET_MACHINE_MS = 235;

/** Milliseconds one core takes to compress fixedText() with brotli at quality 11, the median of three. */
export function machineCheckMs() {
  const text = fixedText();
  const runs = [1, 2, 3].map(() => {
    const start = performance.now();
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    return performance.now() - start;
  });
  return runs.sort((a, b) => a - b)[1];
}
