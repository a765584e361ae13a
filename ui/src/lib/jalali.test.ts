import { describe, expect, it } from "vitest";
import {
  BIRTH_DATE_MESSAGES,
  checkBirthDate,
  currentJalaliYear,
  formatJalaliDate,
  formatJalaliDateTime,
  formatJalaliDateTimeShort,
  jalaliMonthDays,
  latestBirthDate,
  parseJalaliValue,
  tehranParts,
} from "./jalali";
import { jalaliDay, jalaliYear } from "./tehran-clock";

describe("timestamps in Tehran", () => {
  it("shows Nowruz 1403 at Tehran midnight", () => {
    expect(formatJalaliDateTime("2024-03-19T20:30:00Z")).toBe("۱۴۰۳/۰۱/۰۱ ۰۰:۰۰");
    expect(formatJalaliDateTime("2024-03-20T00:00:00+03:30")).toBe("۱۴۰۳/۰۱/۰۱ ۰۰:۰۰");
  });
  it("keeps the day before Nowruz in the old year, including 30 Esfand of a leap year", () => {
    expect(formatJalaliDateTime("2024-03-19T20:29:00Z")).toBe("۱۴۰۲/۱۲/۲۹ ۲۳:۵۹");
    expect(formatJalaliDateTime("2025-03-20T20:29:00Z")).toBe("۱۴۰۳/۱۲/۳۰ ۲۳:۵۹");
  });
  it("has a short form with a two-digit year and a date-only form", () => {
    expect(formatJalaliDateTimeShort("2025-06-01T08:05:00Z")).toBe("۰۴/۰۳/۱۱ ۱۱:۳۵");
    expect(formatJalaliDate("2025-06-01T08:05:00Z")).toBe("۱۴۰۴/۰۳/۱۱");
  });
  it("shows a dash for missing or broken timestamps", () => {
    expect(formatJalaliDateTime(null)).toBe("—");
    expect(formatJalaliDateTime("not a date")).toBe("—");
  });
  it("knows the current Jalali year", () => {
    expect(currentJalaliYear(new Date("2025-06-01T12:00:00Z"))).toBe(1404);
    expect(currentJalaliYear(new Date("2025-03-20T21:00:00Z"))).toBe(1404);
  });
  it("agrees with the browser's Persian calendar (Intl) across each Nowruz in Tehran", () => {
    for (let y = 2020; y <= 2035; y++) {
      for (const day of [19, 20, 21, 22]) {
        for (const hour of [0, 12, 20, 21, 23]) {
          const at = new Date(Date.UTC(y, 2, day, hour, 30));
          expect(jalaliYear(at), at.toISOString()).toBe(browserJalali(at).jy);
          expect(currentJalaliYear(at), at.toISOString()).toBe(browserJalali(at).jy);
        }
      }
    }
  });
  it("agrees with the browser's Persian calendar on every day of three years, at every hour of Tehran's day", () => {
    const start = Date.UTC(2024, 0, 1);
    for (let h = 0; h < 3 * 366 * 24; h += 7) {
      const at = new Date(start + h * 3600_000);
      const { jy, jm, jd } = tehranParts(at);
      expect(jalaliDay(at), at.toISOString()).toEqual(browserJalali(at));
      expect({ jy, jm, jd }, at.toISOString()).toEqual(browserJalali(at));
    }
  });
});

/** browserJalali is the Jalali day in Tehran by the browser's own Persian calendar, the reference above. */
function browserJalali(at: Date): { jy: number; jm: number; jd: number } {
  const parts = new Intl.DateTimeFormat("en-u-ca-persian-nu-latn", { timeZone: "Asia/Tehran", year: "numeric", month: "numeric", day: "numeric" }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { jy: n("year"), jm: n("month"), jd: n("day") };
}

describe("parseJalaliValue", () => {
  it("reads padded, unpadded and Persian-digit dates", () => {
    expect(parseJalaliValue("1370/01/01")).toEqual({ jy: 1370, jm: 1, jd: 1 });
    expect(parseJalaliValue("۱۳۷۰/۲/۹")).toEqual({ jy: 1370, jm: 2, jd: 9 });
    expect(parseJalaliValue(" 1370-12-29 ")).toEqual({ jy: 1370, jm: 12, jd: 29 });
  });
  it("refuses dates that do not exist", () => {
    expect(parseJalaliValue("1370/13/01")).toBeNull();
    expect(parseJalaliValue("1370/07/31")).toBeNull();
    expect(parseJalaliValue("1402/12/30")).toBeNull();
    expect(parseJalaliValue("1403/12/30")).not.toBeNull();
    expect(parseJalaliValue("70/01/01")).toBeNull();
    expect(parseJalaliValue("1370/01")).toBeNull();
  });
});

describe("checkBirthDate", () => {
  const now = new Date("2025-06-01T12:00:00Z"); // 1404/03/11 in Tehran

  it("pads month and day for the API", () => {
    expect(checkBirthDate("۱۳۷۰/۱/۱", now)).toEqual({ ok: true, value: "1370/01/01" });
    expect(checkBirthDate("1300/01/01", now)).toEqual({ ok: true, value: "1300/01/01" });
  });
  it("requires a value", () => {
    expect(checkBirthDate("  ", now)).toMatchObject({ ok: false, message: BIRTH_DATE_MESSAGES.required });
  });
  it("refuses malformed and impossible dates", () => {
    expect(checkBirthDate("1370/1", now)).toMatchObject({ ok: false, error: "format" });
    expect(checkBirthDate("1370/12/31", now)).toMatchObject({ ok: false, error: "format" });
  });
  it("refuses years before 1300", () => {
    expect(checkBirthDate("1299/12/29", now)).toMatchObject({ ok: false, error: "range" });
  });
  it("accepts a customer who turns 18 today and refuses one a day younger", () => {
    expect(latestBirthDate(now)).toEqual({ jy: 1386, jm: 3, jd: 11 });
    expect(checkBirthDate("1386/03/11", now)).toEqual({ ok: true, value: "1386/03/11" });
    expect(checkBirthDate("1386/03/12", now)).toMatchObject({ ok: false, error: "young" });
  });
  it("moves 30 Esfand back when that day does not exist 18 years earlier", () => {
    const esfand30 = new Date("2025-03-20T12:00:00Z"); // 1403/12/30
    const latest = latestBirthDate(esfand30);
    expect(latest).toEqual({ jy: 1385, jm: 12, jd: jalaliMonthDays(1385, 12) });
    expect(latest.jd).toBe(29);
  });
});
