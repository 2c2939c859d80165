import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failures, type BackstopReport } from './failures.mjs';

/** A BackstopJS JSON report as `report: ['json']` writes it: paths relative to its own folder. */
const REPORT: BackstopReport = {
  tests: [
    { status: 'pass', pair: { label: 'page /', viewportLabel: 'phone' } },
    {
      status: 'fail',
      pair: {
        label: 'page /pricing',
        viewportLabel: 'desktop',
        diffImage: '../bitmaps_test/20261125-060000/failed_diff_site_page__pricing_0_document_desktop.png',
        diff: { misMatchPercentage: '0.04', isSameDimensions: true },
      },
    },
    {
      status: 'fail',
      pair: { label: 'toast visible', viewportLabel: 'phone', diff: { isSameDimensions: false } },
    },
    {
      status: 'fail',
      pair: {
        label: 'page /contact',
        viewportLabel: 'desktop',
        diff: { misMatchPercentage: '0.00', rawMisMatchPercentage: 0.00142, isSameDimensions: true },
      },
    },
  ],
};

describe('the failed captures of a visual run', () => {
  it('lists each failed capture with its width, mismatch and diff image, from the repo root', () => {
    expect(failures(REPORT)).toEqual([
      {
        capture: 'page /pricing · desktop',
        mismatch: '0.04 %',
        diff: path.join(
          'backstop/output/bitmaps_test/20261125-060000/failed_diff_site_page__pricing_0_document_desktop.png',
        ),
      },
      { capture: 'toast visible · phone', mismatch: 'another size', diff: '' },
      // A changed word on a full page: the exact share, not Backstop's rounded 0.00 %.
      { capture: 'page /contact · desktop', mismatch: '0.0014 %', diff: '' },
    ]);
  });
});
