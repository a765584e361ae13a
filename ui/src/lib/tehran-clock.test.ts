import { describe, expect, it } from "vitest";
import { tehranClock } from "./tehran-clock";

describe("tehranClock", () => {
  it("agrees with the zone data on the minute, every 97 minutes from 2020 to 2035, across the end of summer time", () => {
    const start = Date.UTC(2020, 0, 1);
    const end = Date.UTC(2036, 0, 1);
    for (let t = start; t < end; t += 97 * 60_000) {
      const at = new Date(t);
      expect(tehranClock(at), at.toISOString()).toEqual(zoneReference(at));
    }
  }, 30_000);
  it("turns the last summer's 24:00 back to 23:00 and keeps UTC+03:30 after it", () => {
    expect(tehranClock(new Date("2022-09-21T19:29:00Z"))).toEqual({ year: 2022, month: 9, day: 21, hh: 23, mm: 59 });
    expect(tehranClock(new Date("2022-09-21T19:31:00Z"))).toEqual({ year: 2022, month: 9, day: 21, hh: 23, mm: 1 });
    expect(tehranClock(new Date("2026-06-21T20:30:00Z"))).toEqual({ year: 2026, month: 6, day: 22, hh: 0, mm: 0 });
    expect(tehranClock(new Date("2026-12-31T20:29:00Z"))).toEqual({ year: 2026, month: 12, day: 31, hh: 23, mm: 59 });
  });
  it("throws on an invalid date, as the zone data does", () => {
    expect(() => tehranClock(new Date("not a date"))).toThrow(RangeError);
  });
});

const zone = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Tehran", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric",
  hourCycle: "h23",
});

/** zoneReference is Tehran's wall clock by the browser's (here Node's) own time zone data. */
function zoneReference(at: Date) {
  const parts = zone.formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: n("year"), month: n("month"), day: n("day"), hh: n("hour") % 24, mm: n("minute") };
}
