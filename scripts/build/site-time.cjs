'use strict';
/**
 * The site's days and times, in the agency's time zone (`timeZone` in pages/_data/site.json): the
 * build's day, which decides what a build publishes (a post dated after it is scheduled, and goes
 * out with the first build on or after its day), and a day's start as an instant with its offset,
 * which a post's structured data and feeds carry. Days are written YYYY-MM-DD, as posts date them.
 *
 * BUILD_DAY=YYYY-MM-DD builds the site as it will be on that day (a preview of a scheduled post).
 */
const fs = require('node:fs');
const path = require('node:path');

/** Is "2026-02-30" a day of the calendar? */
function isCalendarDay(text) {
  const date = new Date(`${text}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === text
  );
}

/** Whether `timeZone` is a zone the platform knows (an IANA name). */
function isTimeZone(timeZone) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The day it is in `timeZone` at `now`, YYYY-MM-DD. */
function dayIn(timeZone, now = new Date()) {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The build's day in `timeZone`: today there, or BUILD_DAY (of `env`, the process's by default). */
function buildDay(timeZone, env = process.env) {
  const chosen = env.BUILD_DAY;
  if (chosen !== undefined && chosen !== '') {
    if (!isCalendarDay(chosen))
      throw new Error(
        `BUILD_DAY is "${chosen}", which is not a day written YYYY-MM-DD (2026-12-01). Fix it, or unset it to build as of today.`,
      );
    return chosen;
  }
  return dayIn(timeZone);
}

/** A formatter per time zone, made once: making one costs more than using it (every post's dates use it). */
const offsetFormats = new Map();
const offsetFormatOf = (timeZone) => {
  if (!offsetFormats.has(timeZone))
    offsetFormats.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }));
  return offsetFormats.get(timeZone);
};

/** The offset of `timeZone` from UTC at an instant, as "-05:00". */
function offsetAt(instant, timeZone) {
  const name = offsetFormatOf(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName').value;
  // "GMT-05:00", or "GMT" for UTC itself.
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** Minutes of an offset: "-05:00" → -300. */
const minutesOf = (offset) =>
  (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));

/**
 * The start of a day in `timeZone`: the instant (a Date) and its ISO 8601 text with the zone's
 * offset that day, "2026-11-02T00:00:00-05:00".
 */
function startOfDay(day, timeZone) {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at local midnight: guessed from the offset at UTC midnight, then read again at the
  // guess, which settles it on the days the clocks change.
  let offset = offsetAt(new Date(midnightUtc), timeZone);
  offset = offsetAt(new Date(midnightUtc - minutesOf(offset) * 60_000), timeZone);
  return { date: new Date(midnightUtc - minutesOf(offset) * 60_000), iso: `${day}T00:00:00${offset}` };
}

/**
 * Whether a post (its front matter: `draft`, `date` as YYYY-MM-DD text) is out on `day`: not a
 * draft, and dated that day or before. A later date schedules it: the first build on or after its
 * day publishes it (the deploy builds daily). The build (posts/read-posts.cjs) and the launch
 * check (launch-check.mjs) both publish by this.
 * @param {{ draft?: unknown, date?: unknown }} post
 * @param {string} day
 * @returns {boolean}
 */
const isPublishedOn = ({ draft, date }, day) => draft !== true && typeof date === 'string' && date <= day;

/** Where a build records the day it published as of, beside the hosts' files, as it ends (build.mjs). */
const BUILD_RECORD = 'hosting/build.json';

/**
 * The day the last build of the site at `root` published as of, or undefined before its first.
 * @returns {string | undefined}
 */
function builtDay(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, BUILD_RECORD), 'utf8')).day;
  } catch {
    return undefined;
  }
}

module.exports = {
  BUILD_RECORD,
  buildDay,
  builtDay,
  dayIn,
  isCalendarDay,
  isPublishedOn,
  isTimeZone,
  startOfDay,
};
