/** Types for site-time.cjs. */
export function isCalendarDay(text: string): boolean;
export function isTimeZone(timeZone: string): boolean;
export function dayIn(timeZone: string, now?: Date): string;
export function buildDay(timeZone: string): string;
export function startOfDay(day: string, timeZone: string): { date: Date; iso: string };
