import { describe, expect, it } from "vitest";
import type { Invoice } from "../api-types";
import { FILTER_MESSAGES } from "./admin-filters";
import { buyerName, invoiceFilter, invoiceLines, invoiceNumber, invoiceStatusLabel, WALK_IN } from "./invoice";
import { invoiceIdOf, invoicePrintPath, printSizeOf } from "./invoice-path";

describe("an invoice on screen", () => {
  it("writes its number and status in Persian", () => {
    expect(invoiceNumber({ number: "1405-000123" })).toBe("۱۴۰۵-۰۰۰۱۲۳");
    expect(invoiceStatusLabel("recorded")).toBe("ثبت شده");
    expect(invoiceStatusLabel("void")).toBe("باطل شده");
  });
  it("names its buyer by name, else phone, else as a walk-in", () => {
    expect(buyerName({ first_name: "سارا", last_name: "کریمی", phone: "0912", national_id: "" })).toBe("سارا کریمی");
    expect(buyerName({ first_name: "", last_name: "", phone: "09121234567", national_id: "" })).toBe("۰۹۱۲۱۲۳۴۵۶۷");
    expect(buyerName({ first_name: "", last_name: "", phone: "", national_id: "" })).toBe(WALK_IN);
  });
  it("parts its lines into sales and buy-backs", () => {
    const lines = [{ side: "sale", item_id: 1 }, { side: "buy_back", item_id: 2 }, { side: "sale", item_id: 3 }] as Invoice["lines"];
    const { sales, buybacks } = invoiceLines({ lines });
    expect([sales.map((l) => l.item_id), buybacks.map((l) => l.item_id)]).toEqual([[1, 3], [2]]);
    expect(invoiceLines({ lines: null as unknown as Invoice["lines"] })).toEqual({ sales: [], buybacks: [] });
  });
  it("prints on A5 unless the page asks for the 80 mm roll", () => {
    expect(printSizeOf("?size=80mm")).toBe("80mm");
    expect(printSizeOf("?size=80MM")).toBe("80mm");
    expect(printSizeOf("")).toBe("a5");
    expect(invoicePrintPath(12)).toBe("/counter-invoice_page/12");
    expect(invoicePrintPath(12, "80mm")).toBe("/counter-invoice_page/12?size=80mm");
    expect(invoiceIdOf("/counter-invoice_page/12")).toBe(12);
    expect(invoiceIdOf("/counter-invoice/۱۲/?size=80mm")).toBe(12);
    for (const bad of ["/counter-invoice_page", "/counter-invoice_page/0", "/counter-invoice_page/x", "/counter-invoice_page/1.5", ""]) {
      expect(invoiceIdOf(bad), bad).toBeNull();
    }
  });
});

describe("the invoices list's filter", () => {
  it("sends Jalali days and the search in Latin digits", () => {
    expect(invoiceFilter({ search: " ۰۹۱۲ ", from: "۱۴۰۵/۱/۹", to: "1405/02/01" })).toEqual({
      ok: true, filter: { search: "0912", from: "1405/01/09", to: "1405/02/01" },
    });
    expect(invoiceFilter({ search: "", from: "", to: "" })).toEqual({ ok: true, filter: {} });
  });
  it("refuses a day that is none and a start after the end", () => {
    expect(invoiceFilter({ search: "", from: "1405/13/01", to: "" })).toEqual({ ok: false, field: "from", message: FILTER_MESSAGES.badDate });
    expect(invoiceFilter({ search: "", from: "1405/02/01", to: "1405/01/01" })).toEqual({ ok: false, field: "from", message: FILTER_MESSAGES.startAfterEnd });
  });
});
