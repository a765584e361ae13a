// The clock on the wall in Tehran: an instant's Gregorian date and time there, from the browser's own time
// zone data, and its Jalali day. Kept apart from jalali.ts so a screen that only tells the time and the day
// does not load the date screens' conversions and names.
import { toJalaali } from "jalaali-js";

/** TEHRAN is the shop's time zone. */
export const TEHRAN = "Asia/Tehran";

let format: Intl.DateTimeFormat | null = null;

/** TehranClock is an instant as read in Tehran: the Gregorian date and the 24-hour time. */
export type TehranClock = { year: number; month: number; day: number; hh: number; mm: number };

/** tehranClock reads an instant in Tehran. */
export function tehranClock(at: Date): TehranClock {
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
