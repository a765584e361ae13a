import { describe, expect, it } from "vitest";
import {
  buildSeries,
  DAY,
  formatAge,
  formatPriceTick,
  formatTimeTick,
  priceChange,
  readoutIndex,
  stepIndexAt,
  xRange,
  yRange,
} from "./price-chart";

const sec = (iso: string) => Date.parse(iso) / 1000;

describe("buildSeries", () => {
  it("starts the price that held before the window at the window's left edge", () => {
    const from = 1_000_000;
    const d = buildSeries(
      [
        { price: "52000000", at: new Date((from + 600) * 1000).toISOString() },
        { price: "51000000", at: new Date((from - 5000) * 1000).toISOString() },
        { price: "50000000", at: new Date((from - 9000) * 1000).toISOString() },
      ],
      { now: from + 3600, from },
    );
    expect(d?.xs).toEqual([from, from + 600, from + 3600]);
    expect(d?.ys).toEqual([51000000, 52000000, 52000000]);
  });
  const newestFirst = [
    { price: "76000000", at: "2025-06-01T10:00:00Z" },
    { price: "75500000", at: "2025-06-01T08:00:00+00:00" },
    { price: "75000000", at: "2025-06-01T09:30:00+03:30" },
  ];
  const now = sec("2025-06-01T12:00:00Z");

  it("turns the API's newest-first history into an oldest-first step series ending now", () => {
    const d = buildSeries(newestFirst, { now });
    expect(d).toEqual({
      xs: [sec("2025-06-01T06:00:00Z"), sec("2025-06-01T08:00:00Z"), sec("2025-06-01T10:00:00Z"), now],
      ys: [75000000, 75500000, 76000000, 76000000],
      real: 3,
    });
  });
  it("adds no end point when the last change is not before now", () => {
    const d = buildSeries(newestFirst, { now: sec("2025-06-01T10:00:00Z") });
    expect(d?.xs).toHaveLength(3);
    expect(d?.real).toBe(3);
  });
  it("draws one point as a flat line from its time to now", () => {
    const d = buildSeries([newestFirst[0]], { now });
    expect(d).toEqual({ xs: [sec("2025-06-01T10:00:00Z"), now], ys: [76000000, 76000000], real: 1 });
  });
  it("draws the current price over the whole window when nothing changed inside it", () => {
    const from = now - 7 * DAY;
    expect(buildSeries([], { now, from, current: "74000000" })).toEqual({ xs: [from, now], ys: [74000000, 74000000], real: 0 });
    expect(buildSeries([], { now, current: "74000000" })?.xs).toEqual([now - DAY, now]);
  });
  it("is null with nothing to draw, and skips broken points", () => {
    expect(buildSeries([], { now })).toBeNull();
    expect(buildSeries([], { now, current: null })).toBeNull();
    expect(buildSeries([{ price: "abc", at: "2025-06-01T10:00:00Z" }, { price: "1", at: "nope" }], { now })).toBeNull();
  });
});

describe("ranges and the cursor", () => {
  const data = { xs: [100, 200, 400, 10_000], ys: [5, 6, 7, 7], real: 3 };
  it("shows the data (a window starts at its edge when a price held there), never less than an hour", () => {
    expect(xRange(data)).toEqual([100, 10_000]);
    expect(xRange({ xs: [500], ys: [1], real: 1 })).toEqual([500 - 3600, 500]);
    expect(xRange({ xs: [9_990, 10_000], ys: [1, 1], real: 1 })).toEqual([10_000 - 3600, 10_000]);
  });
  it("pads the price span, also when it is flat", () => {
    expect(yRange(75_000_000, 75_000_000)).toEqual([74_850_000, 75_150_000]);
    const [lo, hi] = yRange(100, 200);
    expect(lo).toBeLessThan(100);
    expect(hi).toBeGreaterThan(200);
    expect(yRange(0, 0)[0]).toBe(0);
  });
  it("finds the price holding at an instant: the last change at or before it", () => {
    expect(stepIndexAt(data.xs, 50)).toBe(0);
    expect(stepIndexAt(data.xs, 100)).toBe(0);
    expect(stepIndexAt(data.xs, 399)).toBe(1);
    expect(stepIndexAt(data.xs, 400)).toBe(2);
    expect(stepIndexAt(data.xs, 5000)).toBe(2);
    expect(stepIndexAt(data.xs, 10_000)).toBe(3);
    expect(stepIndexAt([], 5)).toBe(0);
  });
  it("reads the added end point as the last real change, and a flat fallback as none", () => {
    expect(readoutIndex(data, 3)).toBe(2);
    expect(readoutIndex(data, 1)).toBe(1);
    expect(readoutIndex({ xs: [1, 2], ys: [3, 3], real: 0 }, 1)).toBeNull();
  });
});

describe("axis labels", () => {
  it("shows Tehran clock time for hourly ticks and the Jalali day at midnight or for daily ticks", () => {
    // 2025-06-01T08:05Z is 1404/03/11 11:35 in Tehran
    expect(formatTimeTick(sec("2025-06-01T08:05:00Z"), 3600)).toBe("۱۱:۳۵");
    expect(formatTimeTick(sec("2025-06-01T08:05:00Z"), DAY)).toBe("۱۱ خرداد");
    expect(formatTimeTick(sec("2025-05-31T20:30:00Z"), 3600)).toBe("۱۱ خرداد");
    expect(formatTimeTick(sec("2024-03-19T20:30:00Z"), 7 * DAY)).toBe("۱ فروردین");
  });
  it("shows whole rials grouped in Persian digits", () => {
    expect(formatPriceTick(75_250_000)).toBe("۷۵٬۲۵۰٬۰۰۰");
    expect(formatPriceTick(999.6)).toBe("۱٬۰۰۰");
    expect(formatPriceTick(0)).toBe("۰");
  });
});

describe("formatAge", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  it("says how long ago, in Persian", () => {
    expect(formatAge("2025-06-01T11:59:30Z", now)).toBe("همین حالا");
    expect(formatAge("2025-06-01T11:55:00Z", now)).toBe("۵ دقیقه پیش");
    expect(formatAge("2025-06-01T09:00:00Z", now)).toBe("۳ ساعت پیش");
    expect(formatAge("2025-05-29T11:00:00Z", now)).toBe("۳ روز پیش");
  });
  it("is empty for a missing or broken time, and 'now' for a clock ahead of ours", () => {
    expect(formatAge(null, now)).toBe("");
    expect(formatAge("x", now)).toBe("");
    expect(formatAge("2025-06-01T12:05:00Z", now)).toBe("همین حالا");
  });
});

describe("priceChange", () => {
  it("gives direction and percent with one decimal, exactly", () => {
    expect(priceChange("75000000", "76500000")).toEqual({ direction: "up", percent: "۲", large: false });
    expect(priceChange("75000000", "74000000")).toEqual({ direction: "down", percent: "۱/۳", large: false });
    expect(priceChange("3", "2")).toEqual({ direction: "down", percent: "۳۳/۳", large: true });
  });
  it("flags a move of 5% or more, such as an extra zero", () => {
    expect(priceChange("75000000", "750000000")).toEqual({ direction: "up", percent: "۹۰۰", large: true });
    expect(priceChange("100", "105")?.large).toBe(true);
    expect(priceChange("100", "104")?.large).toBe(false);
  });
  it("is null without two different prices", () => {
    expect(priceChange(null, "5")).toBeNull();
    expect(priceChange("0", "5")).toBeNull();
    expect(priceChange("5", "5")).toBeNull();
    expect(priceChange("5", "")).toBeNull();
  });
});
