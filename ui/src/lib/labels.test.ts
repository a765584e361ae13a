import { describe, expect, it } from "vitest";
import {
  entryStatusLabel,
  entryStatusTone,
  entryTypeLabel,
  fullName,
  goldRequestStatusLabel,
  goldRequestStatusTone,
  walletStatusLabel,
  walletStatusTone,
  walletTypeLabel,
  walletTypeTone,
} from "./labels";

describe("entryTypeLabel", () => {
  it("names every ledger type with the glossary's word", () => {
    expect(entryTypeLabel("wallet_deposit")).toBe("شارژ کیف پول");
    expect(entryTypeLabel("gold_deposit")).toBe("شارژ طلا");
    expect(entryTypeLabel("wallet_withdraw")).toBe("برداشت از کیف پول");
    expect(entryTypeLabel("buy")).toBe("خرید");
    expect(entryTypeLabel("sell")).toBe("فروش");
    expect(entryTypeLabel("gold_request")).toBe("درخواست طلای فیزیکی");
    expect(entryTypeLabel("reward_referral")).toBe("پاداش دعوت");
    expect(entryTypeLabel("counter")).toBe("فاکتور فروشگاه");
  });
  it("shows an unknown type raw, even one named like an object property", () => {
    expect(entryTypeLabel("gift_card")).toBe("gift_card");
    expect(entryTypeLabel("constructor")).toBe("constructor");
    expect(entryTypeLabel("")).toBe("");
  });
});

describe("entryStatusLabel", () => {
  it("names the ledger statuses", () => {
    expect(entryStatusLabel("approved")).toBe("تایید شده");
    expect(entryStatusLabel("ready")).toBe("آماده تحویل");
    expect(entryStatusLabel("delivered")).toBe("تحویل داده شده");
    expect(entryStatusLabel("rejected")).toBe("رد شده");
    expect(entryStatusLabel("deposited")).toBe("واریز شده");
    expect(entryStatusLabel("recorded")).toBe("ثبت شده");
    expect(entryStatusLabel("void")).toBe("باطل شده");
  });
  it("shows an unknown status raw", () => {
    expect(entryStatusLabel("on_hold")).toBe("on_hold");
    expect(entryStatusLabel("toString")).toBe("toString");
  });
  it("colours them", () => {
    expect(entryStatusTone("deposited")).toBe("ok");
    expect(entryStatusTone("ready")).toBe("warn");
    expect(entryStatusTone("rejected")).toBe("bad");
    expect(entryStatusTone("whatever")).toBe("muted");
    expect(entryStatusTone("recorded")).toBe("ok");
    expect(entryStatusTone("void")).toBe("bad");
  });
});

describe("walletStatusLabel", () => {
  it("says waiting for approval to the customer and waiting to the admin", () => {
    expect(walletStatusLabel("pending", "customer")).toBe("در انتظار تایید");
    expect(walletStatusLabel("pending", "admin")).toBe("در انتظار");
  });
  it("uses one word per decided status on both sides", () => {
    for (const side of ["customer", "admin"] as const) {
      expect(walletStatusLabel("approved", side)).toBe("تایید شده");
      expect(walletStatusLabel("rejected", side)).toBe("رد شده");
      expect(walletStatusLabel("canceled", side)).toBe("لغو شده");
      expect(walletStatusLabel("frozen", side)).toBe("frozen");
    }
  });
});

describe("walletStatusTone", () => {
  it("is yellow, green, red, red for the customer", () => {
    expect(walletStatusTone("pending")).toBe("warn");
    expect(walletStatusTone("approved")).toBe("ok");
    expect(walletStatusTone("rejected")).toBe("bad");
    expect(walletStatusTone("canceled")).toBe("bad");
    expect(walletStatusTone("canceled", "customer")).toBe("bad");
  });
  it("greys a cancelled request for the admin and anything unknown", () => {
    expect(walletStatusTone("canceled", "admin")).toBe("muted");
    expect(walletStatusTone("pending", "admin")).toBe("warn");
    expect(walletStatusTone("odd")).toBe("muted");
  });
});

describe("walletTypeLabel and walletTypeTone", () => {
  it("names deposit and withdraw", () => {
    expect(walletTypeLabel("deposit")).toBe("واریز");
    expect(walletTypeLabel("withdraw")).toBe("برداشت");
    expect(walletTypeLabel("refund")).toBe("refund");
  });
  it("colours deposit green and withdraw blue, anything else grey", () => {
    expect(walletTypeTone("deposit")).toBe("ok");
    expect(walletTypeTone("withdraw")).toBe("info");
    expect(walletTypeTone("refund")).toBe("muted");
  });
});

describe("fullName", () => {
  it("joins first and last name", () => {
    expect(fullName("نگار", "موسوی")).toBe("نگار موسوی");
    expect(fullName("نگار", null)).toBe("نگار");
    expect(fullName(undefined, "موسوی")).toBe("موسوی");
  });
  it("falls back when both are empty", () => {
    expect(fullName("", "", "کاربر")).toBe("کاربر");
    expect(fullName(" ", null)).toBe("");
  });
});

describe("goldRequestStatusLabel", () => {
  it("names every abshodeh request status with the glossary's word", () => {
    expect(goldRequestStatusLabel("pending")).toBe("در انتظار تایید");
    expect(goldRequestStatusLabel("approved")).toBe("تایید شده");
    expect(goldRequestStatusLabel("ready")).toBe("آماده تحویل");
    expect(goldRequestStatusLabel("delivered")).toBe("تحویل داده شده");
    expect(goldRequestStatusLabel("rejected")).toBe("رد شده");
    expect(goldRequestStatusLabel("canceled")).toBe("لغو شده");
  });
  it("says waiting for approval to the customer and waiting to the admin", () => {
    expect(goldRequestStatusLabel("pending", "customer")).toBe("در انتظار تایید");
    expect(goldRequestStatusLabel("pending", "admin")).toBe("در انتظار");
    expect(goldRequestStatusLabel("ready", "admin")).toBe("آماده تحویل");
  });
  it("uses the statement's words for the statuses both show", () => {
    for (const s of ["approved", "ready", "delivered", "rejected", "canceled"]) {
      expect(goldRequestStatusLabel(s)).toBe(entryStatusLabel(s));
    }
  });
  it("shows an unknown status raw, even one named like an object property", () => {
    expect(goldRequestStatusLabel("lost")).toBe("lost");
    expect(goldRequestStatusLabel("constructor")).toBe("constructor");
  });
});

describe("goldRequestStatusTone", () => {
  it("is yellow while the customer waits, green when done, red when refused", () => {
    expect(goldRequestStatusTone("pending")).toBe("warn");
    expect(goldRequestStatusTone("ready")).toBe("warn");
    expect(goldRequestStatusTone("approved")).toBe("ok");
    expect(goldRequestStatusTone("delivered")).toBe("ok");
    expect(goldRequestStatusTone("rejected")).toBe("bad");
    expect(goldRequestStatusTone("canceled")).toBe("bad");
  });
  it("agrees with the statement's colours", () => {
    for (const s of ["approved", "ready", "delivered", "rejected", "canceled"]) {
      expect(goldRequestStatusTone(s)).toBe(entryStatusTone(s));
    }
  });
  it("greys a cancelled request for the admin and anything unknown", () => {
    expect(goldRequestStatusTone("canceled", "admin")).toBe("muted");
    expect(goldRequestStatusTone("pending", "admin")).toBe("warn");
    expect(goldRequestStatusTone("toString")).toBe("muted");
  });
});
