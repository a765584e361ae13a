// The clock on the wall in Tehran: an instant's Gregorian date and time there, and its Jalali day. Kept apart
// from jalali.ts so a screen that only tells the time and the day does not load the date screens' conversions
// and names.
import { toJalaali } from "jalaali-js";

/** TEHRAN is the shop's time zone. */
export const TEHRAN = "Asia/Tehran";

/**
 * FIXED_SINCE is when Tehran's clocks last went back, at the end of summer time in 1401 (2022-09-21, 24:00
 * then): since then the zone keeps UTC+03:30 all year, so an instant's time there is arithmetic. The browser's
 * zone data (Intl) is asked only of earlier instants: its first use on a page loads the browser's ICU data,
 * 50 to 150 ms on a cheap phone inside the first task of every screen (the footer's year, issue 41).
 * tehran-clock.test.ts holds the arithmetic to the zone data, so a new rule for Iran that reaches the
 * browsers' data fails it.
 */
const FIXED_SINCE = Date.UTC(2022, 8, 21, 19, 30);
const OFFSET_MS = (3 * 60 + 30) * 60_000;

let format: Intl.DateTimeFormat | null = null;

/** TehranClock is an instant as read in Tehran: the Gregorian date and the 24-hour time. */
export type TehranClock = { year: number; month: number; day: number; hh: number; mm: number };

/** tehranClock reads an instant in Tehran. */
export function tehranClock(at: Date): TehranClock {
  if (!(at.getTime() >= FIXED_SINCE)) return zoneClock(at); // an invalid date throws there, as Intl does
  const t = new Date(at.getTime() + OFFSET_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), hh: t.getUTCHours(), mm: t.getUTCMinutes() };
}

/** zoneClock reads an instant in Tehran from the browser's time zone data. */
function zoneClock(at: Date): TehranClock {
  format ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TEHRAN,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(at)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hh: p.hour % 24, mm: p.minute };
}

/** sameTehranDay is true when two instants fall on the same day in Tehran. */
export function sameTehranDay(a: TehranClock, b: TehranClock): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/**
 * jalaliDay is the Jalali date of an instant in Tehran: the Tehran day (tehranClock) converted by jalaali-js's
 * arithmetic. Not the browser's Persian calendar (Intl's "ca-persian"): its first use loads the calendar's
 * data, 50 to 150 ms on a cheap phone inside the first render of every screen (the footer's year, issue 41).
 */
export function jalaliDay(at: Date = new Date()): { jy: number; jm: number; jd: number } {
  const { year, month, day } = tehranClock(at);
  return toJalaali(year, month, day);
}

/** jalaliYear is the Jalali year of an instant in Tehran (jalaliDay). */
export function jalaliYear(at: Date = new Date()): number {
  return jalaliDay(at).jy;
}
