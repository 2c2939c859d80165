import { afterEach, describe, expect, it } from 'vitest';
import { buildDay, dayIn, isCalendarDay, isPublishedOn, isTimeZone, startOfDay } from './site-time.cjs';

describe('the site’s days and times', () => {
  afterEach(() => {
    delete process.env.BUILD_DAY;
  });

  it('a day begins at midnight in the agency’s zone, not in UTC', () => {
    // 04:59 UTC on 10 December is still the 9th in New York (UTC-5); 05:00 is the 10th.
    expect(dayIn('America/New_York', new Date('2026-12-10T04:59:00Z'))).toBe('2026-12-09');
    expect(dayIn('America/New_York', new Date('2026-12-10T05:00:00Z'))).toBe('2026-12-10');
    expect(dayIn('UTC', new Date('2026-12-10T04:59:00Z'))).toBe('2026-12-10');
  });

  it('gives a day’s start with the offset the zone has at that midnight, on the days the clocks change too', () => {
    expect(startOfDay('2026-11-02', 'America/New_York').iso).toBe('2026-11-02T00:00:00-05:00');
    expect(startOfDay('2026-07-04', 'America/New_York').iso).toBe('2026-07-04T00:00:00-04:00');
    // Summer time ends at 2 AM on 1 November 2026 and starts at 2 AM on 8 March: each midnight keeps the night's offset.
    expect(startOfDay('2026-11-01', 'America/New_York').iso).toBe('2026-11-01T00:00:00-04:00');
    expect(startOfDay('2026-03-08', 'America/New_York').iso).toBe('2026-03-08T00:00:00-05:00');
    expect(startOfDay('2026-11-02', 'Asia/Kolkata').iso).toBe('2026-11-02T00:00:00+05:30');
    expect(startOfDay('2026-11-02', 'UTC').date.toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('builds as of BUILD_DAY when it is set, and refuses one that is no day', () => {
    process.env.BUILD_DAY = '2026-12-01';
    expect(buildDay('America/New_York')).toBe('2026-12-01');
    process.env.BUILD_DAY = '2026-02-30';
    expect(() => buildDay('America/New_York')).toThrow(/BUILD_DAY is "2026-02-30", which is not a day/);
  });

  it('knows a calendar day and a time zone when it sees one', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('next week')).toBe(false);
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Eastern')).toBe(false);
  });

  it('publishes a post on its day and after, never a draft, and nothing without a date', () => {
    expect(isPublishedOn({ date: '2026-12-10' }, '2026-12-10')).toBe(true);
    expect(isPublishedOn({ date: '2026-12-10' }, '2026-12-09')).toBe(false);
    expect(isPublishedOn({ date: '2026-12-01', draft: true }, '2026-12-10')).toBe(false);
    expect(isPublishedOn({ date: '2026-12-01', draft: false }, '2026-12-10')).toBe(true);
    expect(isPublishedOn({}, '2026-12-10')).toBe(false);
  });
});
