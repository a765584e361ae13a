import { describe, expect, it } from "vitest";
import { checkSettings, SETTINGS_MESSAGES, settingsFormOf } from "./counter-settings";

const settings = {
  buy_back_spread_rial: 2500000, profit_percent: "7.00", fineness_deduction_percent: "2.50",
  vat_rates: [{ from: "1398/01/01", percent: "9.00" }, { from: "1403/01/01", percent: "10.00" }],
};

describe("the counter's settings form", () => {
  it("fills from the server's settings and sends them back unchanged", () => {
    const form = settingsFormOf(settings);
    expect(form).toMatchObject({ spread: "2500000", profit: "7", deduction: "2.5" });
    expect(form.rates.map((r) => [r.from, r.percent])).toEqual([["1398/01/01", "9"], ["1403/01/01", "10"]]);
    expect(checkSettings(form).body).toEqual({ ...settings, buy_back_spread_rial: "2500000" });
  });
  it("takes a new rate in Persian digits and sorts the rates by day", () => {
    const form = settingsFormOf(settings);
    form.rates.unshift({ key: 9, from: "۱۴۰۵/۱/۱", percent: "۱۲" });
    expect(checkSettings(form).body?.vat_rates.map((r) => r.from)).toEqual(["1398/01/01", "1403/01/01", "1405/01/01"]);
  });
  it("refuses a day that is none, a day twice, a bad percent and no rate", () => {
    const form = settingsFormOf(settings);
    form.rates.push({ key: 5, from: "1403/1/1", percent: "11" }, { key: 6, from: "1403/13/01", percent: "5" });
    form.profit = "120";
    const out = checkSettings(form);
    expect(out.body).toBeNull();
    expect(out.errors).toEqual({ profit: SETTINGS_MESSAGES.percent, rates: { 5: SETTINGS_MESSAGES.twice, 6: SETTINGS_MESSAGES.day } });
    expect(checkSettings({ ...settingsFormOf(settings), rates: [] }).errors.rates).toEqual({ [-1]: SETTINGS_MESSAGES.noRate });
  });
});
