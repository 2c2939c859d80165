import { describe, expect, it } from 'vitest';
import {
  failedCaptures,
  failuresAsMarkdown,
  failuresAsText,
  type BackstopReport,
} from './failed-captures.mjs';

/** A BackstopJS JSON report as `report: ['json']` writes it: paths relative to its own folder. */
const REPORT: BackstopReport = {
  tests: [
    {
      status: 'pass',
      pair: { label: 'page /', url: 'http://127.0.0.1:3000/', viewportLabel: 'phone' },
    },
    {
      status: 'fail',
      pair: {
        label: 'page /pricing',
        url: 'http://127.0.0.1:3000/pricing',
        viewportLabel: 'desktop',
        diffImage: '../bitmaps_test/20261125-060000/failed_diff_site_page__pricing_0_document_desktop.png',
        diff: { misMatchPercentage: '0.04', isSameDimensions: true },
      },
    },
    {
      status: 'fail',
      pair: {
        label: 'toast visible',
        url: 'http://127.0.0.1:3000/contact',
        viewportLabel: 'phone',
        diff: { isSameDimensions: false },
      },
    },
  ],
};

describe('failed captures of a visual run', () => {
  const rows = failedCaptures(REPORT);

  it('lists only the captures that failed, with page, state, width and mismatch', () => {
    expect(rows).toEqual([
      {
        page: '/pricing',
        state: 'page',
        viewport: 'desktop',
        width: 1280,
        mismatch: '0.04 %',
        diffImage:
          'backstop/output/bitmaps_test/20261125-060000/failed_diff_site_page__pricing_0_document_desktop.png',
      },
      {
        page: '/contact',
        state: 'toast visible',
        viewport: 'phone',
        width: 375,
        mismatch: 'other size',
        diffImage: '',
      },
    ]);
  });

  it('prints one line per failed capture and where the report is', () => {
    const text = failuresAsText(rows);
    expect(text).toContain('2 capture(s) differ');
    expect(text).toContain('/pricing · page · desktop (1280px) · 0.04 %');
    expect(text).toContain('npm run test:visual:report');
  });

  it('writes a Markdown table for a CI job summary', () => {
    const table = failuresAsMarkdown(rows).split('\n');
    expect(table).toContain('| Page | Width | State | Mismatch |');
    expect(table).toContain('| /pricing | 1280px (desktop) | page | 0.04 % |');
    expect(table).toContain('| /contact | 375px (phone) | toast visible | other size |');
    expect(failuresAsMarkdown([])).toContain('Every capture matches');
  });
});
