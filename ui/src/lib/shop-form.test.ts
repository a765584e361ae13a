import { describe, expect, it } from "vitest";
import type { AdminShop } from "../api-types";
import { SHOP_MESSAGES, checkShopForm, logoError, shopFormOf, type ShopFormState } from "./shop-form";

const shop: AdminShop = {
  name: "فروشگاه طلا", short_name: "فروشگاه طلا", phones: [], address: "", hours: "", about: "", licence: "", economic_code: "",
  national_id: "", postal_code: "", logo_url: "",
  configured: false, receipts_per_day: 20, chat_files_per_day: 50,
};
const form = (over: Partial<ShopFormState> = {}): ShopFormState => ({ ...shopFormOf(shop), ...over });

describe("shop settings form", () => {
  it("starts a shop with no phone with one empty row", () => {
    expect(shopFormOf(shop).phones).toEqual([""]);
    expect(shopFormOf({ ...shop, phones: ["02112345678"] }).phones).toEqual(["02112345678"]);
  });
  it("sends trimmed fields, phones in Latin digits, empty rows left out", () => {
    const { body, errors } = checkShopForm(form({
      name: "  طلای رضایی ", short_name: "رضایی", phones: ["۰۲۱-۱۲۳۴ ۵۶۷۸", "", " 09121234567 "], about: " از ۱۳۵۰\nبازار تهران ",
    }));
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: "طلای رضایی", short_name: "رضایی", phones: ["021-1234 5678", "09121234567"], address: "", hours: "",
      about: "از ۱۳۵۰\nبازار تهران", licence: "", economic_code: "", national_id: "", postal_code: "", receipts_per_day: 20,
      chat_files_per_day: 50,
    });
  });
  it("requires a name of at most 60 characters and a short name of at most 12", () => {
    expect(checkShopForm(form({ name: " " })).errors.name).toBe(SHOP_MESSAGES.nameRequired);
    expect(checkShopForm(form({ name: "ط".repeat(61) })).errors.name).toBe(SHOP_MESSAGES.nameLong);
    expect(checkShopForm(form({ name: "ط".repeat(60) })).errors.name).toBeUndefined();
    expect(checkShopForm(form({ short_name: "ط".repeat(13) })).errors.short_name).toBe(SHOP_MESSAGES.shortLong);
    expect(checkShopForm(form({ short_name: "ط".repeat(13) })).body).toBeNull();
  });
  it("marks the row of a number that is no number", () => {
    expect(checkShopForm(form({ phones: ["02112345678", "تلفن", "12"] })).errors.phones).toEqual({
      1: SHOP_MESSAGES.phoneInvalid, 2: SHOP_MESSAGES.phoneInvalid,
    });
  });
  it("takes daily quotas of 1 to 1000, typed in any digits", () => {
    expect(checkShopForm(form({ receipts_per_day: "۵", chat_files_per_day: "1000" })).body).toMatchObject({ receipts_per_day: 5, chat_files_per_day: 1000 });
    for (const bad of ["0", "1001", "", "2.5", "-3", "بیست"]) {
      const out = checkShopForm(form({ receipts_per_day: bad }));
      expect(out.errors.receipts_per_day, bad).toBe(SHOP_MESSAGES.quotaInvalid);
      expect(out.body).toBeNull();
    }
    expect(checkShopForm(form({ chat_files_per_day: "0" })).errors.chat_files_per_day).toBe(SHOP_MESSAGES.quotaInvalid);
  });
  it("takes the tax identity in any digits, with spaces or dashes, each of its own length or empty", () => {
    const { body, errors } = checkShopForm(form({ economic_code: "۴۱۱۱ ۱۱۱۱ ۱۱۱۱", national_id: "10101010101", postal_code: "۱۲۳۴۵-۶۷۸۹۰" }));
    expect(errors).toEqual({});
    expect(body).toMatchObject({ economic_code: "411111111111", national_id: "10101010101", postal_code: "1234567890" });
    expect(checkShopForm(form({ economic_code: "123456789" })).errors.economic_code).toBe(SHOP_MESSAGES.economicCode);
    expect(checkShopForm(form({ economic_code: "1".repeat(15) })).errors.economic_code).toBe(SHOP_MESSAGES.economicCode);
    expect(checkShopForm(form({ national_id: "123456789012" })).errors.national_id).toBe(SHOP_MESSAGES.nationalId);
    expect(checkShopForm(form({ postal_code: "12345678901" })).errors.postal_code).toBe(SHOP_MESSAGES.postalCode);
    const letters = checkShopForm(form({ postal_code: "کد۱۲۳۴۵۶۷۸۹۰" }));
    expect(letters.errors.postal_code).toBe(SHOP_MESSAGES.postalCode);
    expect(letters.body).toBeNull();
    expect(shopFormOf({ ...shop, economic_code: "411111111111" }).economic_code).toBe("411111111111");
  });
  it("takes a PNG, JPEG or WebP logo up to 2 MB", () => {
    expect(logoError({ type: "image/png", size: 2 * 1024 * 1024 })).toBeNull();
    expect(logoError({ type: "image/webp", size: 10 })).toBeNull();
    expect(logoError({ type: "image/png", size: 2 * 1024 * 1024 + 1 })).toBe(SHOP_MESSAGES.logoLarge);
    expect(logoError({ type: "image/svg+xml", size: 10 })).toBe(SHOP_MESSAGES.logoType);
  });
});
