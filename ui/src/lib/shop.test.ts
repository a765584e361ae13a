import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_NAME, emptyShop, logoAt, normalizeShop, shopNameFrom, shortNameOf, telHref } from "./shop";

describe("shop name", () => {
  it("reads the name the server wrote into index.html", () => {
    expect(shopNameFrom("طلای رضایی")).toBe("طلای رضایی");
    expect(shopNameFrom("  طلای رضایی ")).toBe("طلای رضایی");
  });
  it("falls back to the default name in the dev server, where the placeholder stays, and when there is none", () => {
    expect(shopNameFrom("__SHOP_NAME__")).toBe(DEFAULT_SHOP_NAME);
    expect(shopNameFrom("")).toBe(DEFAULT_SHOP_NAME);
    expect(shopNameFrom(null)).toBe(DEFAULT_SHOP_NAME);
    expect(shopNameFrom(undefined)).toBe(DEFAULT_SHOP_NAME);
    expect(DEFAULT_SHOP_NAME).toBe("فروشگاه طلا");
  });
  it("uses the short name in tight places, else the name", () => {
    expect(shortNameOf({ name: "گالری طلای رضایی", short_name: "طلای رضایی" })).toBe("طلای رضایی");
    expect(shortNameOf({ name: "گالری طلای رضایی", short_name: "" })).toBe("گالری طلای رضایی");
  });
});

describe("normalizeShop", () => {
  it("keeps a full answer", () => {
    const s = normalizeShop({
      name: "طلای رضایی", short_name: "رضایی", phones: ["02112345678", " 09121234567 "], address: "تهران", hours: "۱۰ تا ۲۰",
      about: "از ۱۳۵۰", licence: "اینماد", economic_code: "411111111111", national_id: "10101010101", postal_code: "1234567890",
      logo_url: "/api/shop/logo-192.png?v=3",
    }, DEFAULT_SHOP_NAME);
    expect([s.economic_code, s.national_id, s.postal_code]).toEqual(["411111111111", "10101010101", "1234567890"]);
    expect(s.phones).toEqual(["02112345678", "09121234567"]);
    expect(s.logo_url).toBe("/api/shop/logo-192.png?v=3");
    expect(s.name).toBe("طلای رضایی");
  });
  it("fills what is missing and refuses a logo from elsewhere", () => {
    const s = normalizeShop({ phones: "x", logo_url: "https://evil.example/logo.png" }, "نام");
    expect(s).toEqual({
      name: "نام", short_name: "", phones: [], address: "", hours: "", about: "", licence: "", economic_code: "", national_id: "",
      postal_code: "", logo_url: "",
    });
    expect(normalizeShop({ logo_url: "//evil.example/x.png" }, "نام").logo_url).toBe("");
    expect(normalizeShop(null, "نام").name).toBe("نام");
    expect(emptyShop("طلا").logo_url).toBe("");
  });
});

describe("logoAt", () => {
  const url = "/api/shop/logo-192.png?v=3";
  it("picks the smallest PNG that is sharp at twice the drawn size", () => {
    expect(logoAt(url, 34)).toBe("/api/shop/logo-96.png?v=3");
    expect(logoAt(url, 48)).toBe("/api/shop/logo-96.png?v=3");
    expect(logoAt(url, 64)).toBe("/api/shop/logo-180.png?v=3");
    expect(logoAt(url, 96)).toBe("/api/shop/logo-192.png?v=3");
    expect(logoAt(url, 200)).toBe("/api/shop/logo-512.png?v=3");
    expect(logoAt(url, 400)).toBe("/api/shop/logo-512.png?v=3");
  });
  it("is empty without a logo", () => {
    expect(logoAt("", 34)).toBe("");
  });
});

describe("telHref", () => {
  it("dials the digits of a number as written", () => {
    expect(telHref("۰۲۱-۱۲۳۴ ۵۶۷۸")).toBe("tel:02112345678");
    expect(telHref("+98 21 1234 5678")).toBe("tel:+982112345678");
  });
});
