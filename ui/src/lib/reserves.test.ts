import { describe, expect, it } from "vitest";
import { formatDayTick, formatGramTick, ratioText, reserveSeries, tehranMidnight } from "./reserves";

describe("reserveSeries", () => {
  it("turns Tehran days into midnights, oldest first, grams as numbers", () => {
    const s = reserveSeries([
      { date: "2026-11-26", owed: "4.000", held: "10.000" },
      { date: "2026-11-25", owed: "0.000", held: "0.000" },
    ]);
    expect(s).toEqual({
      xs: [Date.parse("2026-11-24T20:30:00Z") / 1000, Date.parse("2026-11-25T20:30:00Z") / 1000],
      owed: [0, 4],
      held: [0, 10],
    });
  });
  it("leaves out malformed points and is null with nothing to draw", () => {
    expect(reserveSeries([])).toBeNull();
    expect(reserveSeries([{ date: "26/11/2026", owed: "1", held: "1" }, { date: "2026-11-26", owed: "x", held: "1" }])).toBeNull();
    expect(tehranMidnight("2026-13-40")).toBeNull();
  });
});

describe("labels", () => {
  it("labels days in Jalali and grams in Persian digits", () => {
    expect(formatDayTick(Date.parse("2026-11-25T20:30:00Z") / 1000)).toBe("۵ آذر");
    expect(formatGramTick(2.5)).toBe("۲/۵");
    expect(formatGramTick(1250)).toBe("۱٬۲۵۰");
  });
  it("says the ratio, or that nothing is owed", () => {
    expect(ratioText("2.50")).toBe("پوشش: ۲/۵۰ برابر");
    expect(ratioText("1.05")).toBe("پوشش: ۱/۰۵ برابر");
    expect(ratioText(null)).toBe("هنوز طلایی به مشتریان بدهکار نیستیم.");
  });
});
