import { ANALYSIS_MINIMUM_DATE, V3_BOUNDARY } from '../../contracts/analysis.ts';
import { localDateOf } from '../lib/dates.ts';

/**
 * The analysis page's date range (spec 3 §4), as pure functions of local Dates holding the
 * insurer's wall clock (Paris, `insurerWallClockNow`), whatever the browser's zone: the pickers
 * show it, and each call sends it with the insurer's time zone.
 *
 * - start moved after the end: the end becomes the start;
 * - end moved before the start: the start becomes the end;
 * - a start before the V2/V3 boundary with an end after it: the end is clamped to the boundary,
 *   and the end picker's maximum becomes the boundary (a range never spans V2 and V3);
 * - otherwise the end picker's maximum is now.
 * Both dates stay between the minimum date (2023-10-19) and now, to the minute.
 */

export interface AnalysisRange {
  start: Date;
  end: Date;
  /** The latest end the end picker offers. */
  maxEnd: Date;
}

/** The first moment the statistics cover, local. */
export const MINIMUM = localDateOf(ANALYSIS_MINIMUM_DATE);
/** V3's go-live, local. */
export const BOUNDARY = localDateOf(V3_BOUNDARY);

/** The same moment without seconds. */
function toMinute(date: Date): Date {
  const copy = new Date(date);
  copy.setSeconds(0, 0);
  return copy;
}

function within(date: Date, now: Date): Date {
  const time = Math.min(Math.max(toMinute(date).getTime(), MINIMUM.getTime()), toMinute(now).getTime());
  return new Date(time);
}

/** The boundary clamp and the end picker's maximum, once start ≤ end holds. */
function settle(start: Date, end: Date, now: Date): AnalysisRange {
  if (start < BOUNDARY && end > BOUNDARY) return { start, end: new Date(BOUNDARY), maxEnd: new Date(BOUNDARY) };
  return { start, end, maxEnd: toMinute(now) };
}

/** The range after staff pick `start`. */
export function changeStart(range: AnalysisRange, start: Date, now: Date): AnalysisRange {
  const newStart = within(start, now);
  return settle(newStart, newStart > range.end ? new Date(newStart) : range.end, now);
}

/** The range after staff pick `end`. */
export function changeEnd(range: AnalysisRange, end: Date, now: Date): AnalysisRange {
  const newEnd = within(end, now);
  return settle(newEnd < range.start ? new Date(newEnd) : range.start, newEnd, now);
}

/** The range the page opens with: the last 30 days, from midnight to now. */
export function initialRange(now: Date): AnalysisRange {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 30);
  return settle(within(start, now), toMinute(now), now);
}

/** The badge: V3 from the boundary on, else V2. */
export function versionOf(start: Date): 'V2' | 'V3' {
  return start >= BOUNDARY ? 'V3' : 'V2';
}

/** Whether the range holds V2 sessions, whose wizard had a step 6. */
export function showsStep6(start: Date): boolean {
  return start < BOUNDARY;
}
