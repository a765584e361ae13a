import { describe, expect, it } from "vitest";
import type { PriceFeed } from "../api-types";
import {
  checkFeedForm, durationMinutes, durationSeconds, feedFormOf, feedState, minutesDuration, sanitizeFigure, sourceName, verdictWords,
} from "./price-feed";

/** saved is the feed as a new shop answers it: off, BrsAPI, every default. */
const saved: PriceFeed = {
  enabled: false, source: "brsapi", url: "", default_url: "https://brsapi.ir/Api/Market/Gold_Currency.php", key_set: false,
  symbol: "", path: "", unit: "rial", per: "gram750", time_path: "", margin_percent: "0.00", margin_rial: 0, round_to: 10000,
  every: "5m0s", max_step_percent: "3.00", max_age: "10m0s", alert_after: "10m0s", manual_hold: "30m0s", outside_hours: false,
};

describe("durations as minutes", () => {
  it("reads the Go durations the API answers", () => {
    expect(durationSeconds("5m0s")).toBe(300);
    expect(durationSeconds("1h30m0s")).toBe(5400);
    expect(durationSeconds("24h0m0s")).toBe(86400);
    expect(durationSeconds("90s")).toBe(90);
    expect(durationSeconds("")).toBeNull();
    expect(durationSeconds("1.5h")).toBeNull();
    expect(durationSeconds("5 minutes")).toBeNull();
  });
  it("shows them as minutes, a part of a minute in hundredths", () => {
    expect(durationMinutes("5m0s")).toBe("5");
    expect(durationMinutes("1h0m0s")).toBe("60");
    expect(durationMinutes("24h0m0s")).toBe("1440");
    expect(durationMinutes("1m30s")).toBe("1.5");
    expect(durationMinutes("1m15s")).toBe("1.25");
    expect(durationMinutes("nonsense")).toBe("");
  });
  it("writes typed minutes as the Go durations the API takes, in any digits", () => {
    expect(minutesDuration("5")).toBe("5m");
    expect(minutesDuration("۱۵")).toBe("15m");
    expect(minutesDuration("1440")).toBe("1440m");
    expect(minutesDuration("1.5")).toBe("90s");
    expect(minutesDuration("۱/۲۵")).toBe("75s");
  });
  it("refuses what is no whole number of seconds between a minute and a day", () => {
    expect(minutesDuration("0")).toBeNull();
    expect(minutesDuration("0.5")).toBeNull();
    expect(minutesDuration("1441")).toBeNull();
    expect(minutesDuration("1.33")).toBeNull();
    expect(minutesDuration("")).toBeNull();
    expect(minutesDuration("five")).toBeNull();
  });
  it("goes there and back", () => {
    for (const go of ["1m0s", "5m0s", "1m30s", "2h0m0s", "24h0m0s"]) expect(durationSeconds(minutesDuration(durationMinutes(go))!)).toBe(durationSeconds(go));
  });
});

describe("words", () => {
  it("says each state in Persian, and an unknown one as a failure, never raw", () => {
    expect(feedState("off").text).toBe("خاموش");
    expect(feedState("ok").text).toBe("به‌روز");
    expect(feedState("held").text).toBe("در انتظار تأیید");
    expect(feedState("failing").text).toBe("با خطا");
    expect(feedState("stale").text).toBe("قیمت کهنه");
    expect(feedState("later").text).toBe("با خطا");
  });
  it("names who set a price in Persian", () => {
    expect(sourceName("manual")).toBe("دستی");
    expect(sourceName("brsapi")).toBe("برس‌ای‌پی‌آی");
    expect(sourceName("navasan")).toBe("نوسان");
    expect(sourceName("tgju")).toBe("تی‌جی‌جو");
    expect(sourceName("json")).toBe("نشانی دلخواه");
    expect(sourceName("other")).toBe("قیمت خودکار");
  });
  it("says what a trial would do", () => {
    expect(verdictWords("held").tone).toBe("warn");
    expect(verdictWords("apply").text).toBe("اعمال می‌شود");
    expect(verdictWords("odd").text).toBe("قیمتی دریافت نشد");
  });
});

describe("the form", () => {
  it("fills from the saved settings with durations in minutes and empty zero margins", () => {
    const f = feedFormOf(saved);
    expect(f).toMatchObject({ every: "5", maxAge: "10", alertAfter: "10", manualHold: "30", maxStep: "3", marginPercent: "", marginRial: "", roundTo: "10000", key: "" });
    expect(feedFormOf({ ...saved, margin_percent: "-1.50", margin_rial: -20000 })).toMatchObject({ marginPercent: "-1.5", marginRial: "-20000" });
  });
  it("sends the whole form, durations as Go strings, and no key unless one is typed", () => {
    const f = { ...feedFormOf(saved), enabled: true, url: "http://127.0.0.1:9999/gold", marginPercent: "1", outsideHours: true };
    const { body, errors } = checkFeedForm(f);
    expect(errors).toEqual({});
    expect(body).toEqual({
      enabled: true, source: "brsapi", url: "http://127.0.0.1:9999/gold", symbol: "", path: "", unit: "rial", per: "gram750", time_path: "",
      margin_percent: "1.00", margin_rial: "", round_to: "10000", every: "5m", max_step_percent: "3.00", max_age: "10m", alert_after: "10m",
      manual_hold: "30m", outside_hours: true,
    });
    expect("key" in body!).toBe(false);
    expect(checkFeedForm({ ...f, key: " abc123 " }).body?.key).toBe("abc123");
    expect(checkFeedForm({ ...f, dropKey: true }).body?.key).toBe("");
    expect("key" in checkFeedForm({ ...f, source: "tgju", key: "abc123" }).body!).toBe(false);
  });
  it("takes a negative margin, in percent and in rial", () => {
    const { body } = checkFeedForm({ ...feedFormOf(saved), marginPercent: "-1.5", marginRial: "-20000" });
    expect(body).toMatchObject({ margin_percent: "-1.50", margin_rial: "-20000" });
  });
  it("leaves empty fields empty, for the server's defaults", () => {
    const { body } = checkFeedForm({ ...feedFormOf(saved), every: "", maxStep: "", roundTo: "", maxAge: "" });
    expect(body).toMatchObject({ every: "", max_step_percent: "", round_to: "", max_age: "" });
  });
  it("refuses what the server refuses, field by field", () => {
    const { body, errors } = checkFeedForm({
      ...feedFormOf(saved), url: "ftp://x", marginPercent: "60", marginRial: "1.5", roundTo: "0", maxStep: "0", every: "0.5", manualHold: "2000", key: "a b",
    });
    expect(body).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(["every", "key", "manualHold", "marginPercent", "marginRial", "maxStep", "roundTo", "url"]);
  });
  it("asks a json address for its URL, the price's path and its time's path", () => {
    const { errors } = checkFeedForm({ ...feedFormOf(saved), source: "json" });
    expect(Object.keys(errors).sort()).toEqual(["path", "timePath", "url"]);
    const { body } = checkFeedForm({ ...feedFormOf(saved), source: "json", url: "https://example.ir/p?k={key}", path: "data.0.price", timePath: "data.0.ts", unit: "toman", symbol: "ignored" });
    expect(body).toMatchObject({ source: "json", path: "data.0.price", time_path: "data.0.ts", unit: "toman", symbol: "" });
  });
  it("keeps a typed figure as it may be typed, a minus only where the field takes one", () => {
    expect(sanitizeFigure("-۱/۵۷۳", 2, true)).toBe("-1.57");
    expect(sanitizeFigure("−2", 2, true)).toBe("-2");
    expect(sanitizeFigure("-2", 2)).toBe("2");
    expect(sanitizeFigure("12a3", 0, true)).toBe("123");
    expect(sanitizeFigure("-1.5", 0, true)).toBe("-1");
    expect(sanitizeFigure("/5", 2)).toBe("0.5");
  });
});
