import { describe, expect, it } from "vitest";
import { AUDIT_KINDS, EMPTY_AUDIT_FILTER, GENERIC_KIND, auditFilter, auditKindLabel } from "./audit";
import { auditChanges, fieldLabel, showValue, snakeKey } from "./audit-diff";
import { roleLabel } from "./labels";

describe("audit kinds", () => {
  it("names every kind the server writes in Persian", () => {
    for (const kind of [
      "shop.update", "shop.logo", "staff.owner", "staff.staff", "staff.customer", "admin.add", "price.set",
      "price_settings.save", "grade.update", "user.grade", "daily_limits.grade", "daily_limits.user", "charge.rial", "charge.gold", "wallet_request.approved",
      "wallet_request.rejected", "gold_request.approved", "gold_request.ready", "gold_request.delivered",
      "gold_request.rejected", "bar.add", "bar.update", "bar.delete", "vault.add", "vault.update", "vault.out",
      "export", "reserve_settings", "bank_balance", "read.receipt", "read.ledger", "second_factor.reset",
    ]) {
      const label = auditKindLabel(kind);
      expect(label, kind).not.toBe(GENERIC_KIND);
      expect(label, kind).toMatch(/^[\u0600-\u06FF\u200c ]+$/);
    }
    expect(auditKindLabel("shop.update")).toBe("ویرایش تنظیمات فروشگاه");
  });
  it("never shows a kind it does not know as it came", () => {
    expect(auditKindLabel("vault.open")).toBe("تغییر");
    expect(auditKindLabel("")).toBe("تغییر");
  });
  it("offers each kind once in the filter", () => {
    expect(new Set(AUDIT_KINDS.map((k) => k.value)).size).toBe(AUDIT_KINDS.length);
  });
  it("names the roles", () => {
    expect(roleLabel("owner")).toBe("مالک");
    expect(roleLabel("staff")).toBe("کارمند");
    expect(roleLabel("customer")).toBe("مشتری");
    expect(roleLabel("root")).toBe("نامشخص");
  });
});

describe("auditFilter", () => {
  it("sends Jalali days with Latin digits, typed in any digits", () => {
    expect(auditFilter({ actor: "7", kind: "shop.update", from: "۱۴۰۴/۱/۹", to: "1404/02/31" })).toEqual({
      ok: true, filter: { actor: "7", kind: "shop.update", from: "1404/01/09", to: "1404/02/31" },
    });
    expect(auditFilter(EMPTY_AUDIT_FILTER)).toEqual({ ok: true, filter: {} });
  });
  it("refuses a day that is no date, and a start after the end", () => {
    expect(auditFilter({ ...EMPTY_AUDIT_FILTER, to: "1404/13/01" })).toMatchObject({ ok: false, field: "to" });
    expect(auditFilter({ ...EMPTY_AUDIT_FILTER, from: "1404/02/01", to: "1404/01/01" })).toMatchObject({
      ok: false, field: "from", message: "تاریخ شروع نمی‌تواند بعد از تاریخ پایان باشد",
    });
  });
});

describe("audit changes", () => {
  it("lists only the fields a shop update changed, with Persian names and digits", () => {
    const before = { name: "فروشگاه طلا", short_name: "فروشگاه طلا", phones: [], address: "", about: "" };
    const after = { name: "طلای رضایی", short_name: "رضایی", phones: ["02112345678", "09121234567"], address: "", about: "" };
    expect(auditChanges(before, after)).toEqual([
      { key: "name", label: "نام", before: "فروشگاه طلا", after: "طلای رضایی" },
      { key: "short_name", label: "نام کوتاه", before: "فروشگاه طلا", after: "رضایی" },
      { key: "phones", label: "شماره‌های تماس", before: "—", after: "۰۲۱۱۲۳۴۵۶۷۸، ۰۹۱۲۱۲۳۴۵۶۷" },
    ]);
  });
  it("opens nested balances into one line each and groups amounts", () => {
    const changes = auditChanges(
      { balances: { Rial: 1000000, Gold: 0 } },
      { balances: { Rial: 3500000, Gold: 0 }, amount: 2500000, description: "واریز حضوری" },
    );
    expect(changes).toEqual([
      { key: "amount", label: "مقدار", before: "—", after: "۲٬۵۰۰٬۰۰۰" },
      { key: "description", label: "توضیحات", before: "—", after: "واریز حضوری" },
      { key: "balances.rial", label: "موجودی — ریال", before: "۱٬۰۰۰٬۰۰۰", after: "۳٬۵۰۰٬۰۰۰" },
    ]);
  });
  it("shows every field of a one-sided change, Go field names included", () => {
    const changes = auditChanges(null, { ID: 4, Rey: "البرز", Ang: "15101", AyarCenti: 74050, Vazn750Mg: 12188, Status: "available" });
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ["شناسه", null, "۴"],
      ["آزمایشگاه (ری)", null, "البرز"],
      ["شماره انگ", null, "۱۵۱۰۱"],
      ["عیار (صدم)", null, "۷۴٬۰۵۰"],
      ["وزن ۷۵۰ (میلی‌گرم)", null, "۱۲٬۱۸۸"],
      ["وضعیت", null, "موجود"],
    ]);
  });
  it("writes roles, switches, times of day and instants in Persian", () => {
    expect(showValue("role", "staff")).toBe("کارمند");
    expect(showValue("buy_enabled", false)).toBe("خیر");
    expect(showValue("created", true)).toBe("بله");
    expect(showValue("sell_start_min", 570)).toBe("۰۹:۳۰");
    expect(showValue("base_price", "105250000")).toBe("۱۰۵٬۲۵۰٬۰۰۰");
    expect(showValue("phone_number", "09121234567")).toBe("۰۹۱۲۱۲۳۴۵۶۷");
    expect(showValue("created_at", "2025-03-29T08:30:00Z")).toBe("۱۴۰۴/۰۱/۰۹ ۱۲:۰۰");
    expect(showValue("status", "pending")).toBe("در انتظار");
    expect(showValue("about", null)).toBe("—");
  });
  it("names an unknown field in Persian too", () => {
    expect(fieldLabel("secret_knob")).toBe("سایر");
    expect(snakeKey("PriceMaxAgeMinutes")).toBe("price_max_age_minutes");
  });
  it("names whom a role change was about, without an arrow", () => {
    expect(auditChanges({ role: "customer", phone_number: "09120005555" }, { role: "staff", phone_number: "09120005555" })).toEqual([
      { key: "phone_number", label: "شماره موبایل", before: null, after: "۰۹۱۲۰۰۰۵۵۵۵" },
      { key: "role", label: "نقش", before: "مشتری", after: "کارمند" },
    ]);
  });
  it("orders a shop's fields as the form does, whatever order they came in", () => {
    const keys = auditChanges({ about: "", address: "", name: "الف", short_name: "" }, { about: "ب", address: "پ", name: "ت", short_name: "ث" }).map((c) => c.key);
    expect(keys).toEqual(["name", "short_name", "address", "about"]);
  });
  it("says nothing changed when both sides are the same", () => {
    expect(auditChanges({ name: "الف" }, { name: "الف" })).toEqual([]);
  });
});
