import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bankBrand, bankKey, BANKS, DEFAULT_BANK, findBank } from "./banks";

// The bank table the server ships (data/banks.json at the repository root).
const shipped: { banks: { name: string; short: string; color: string }[] } = JSON.parse(
  readFileSync(new URL("../../../data/banks.json", import.meta.url), "utf8"),
);

describe("bank logos", () => {
  it("has a logo for every bank in data/banks.json, with its short name and colour", () => {
    expect(shipped.banks.length).toBeGreaterThan(30);
    for (const b of shipped.banks) {
      const brand = findBank(b.name);
      expect(brand, b.name).not.toBeNull();
      expect(brand, b.name).toMatchObject({ name: b.name, short: b.short, color: b.color });
    }
  });
  it("lists no bank that data/banks.json does not know", () => {
    const names = new Set(shipped.banks.map((b) => b.name));
    for (const b of BANKS) expect(names.has(b.name), b.name).toBe(true);
  });
  it("gives each bank its own key", () => {
    const keys = BANKS.map((b) => bankKey(b.name));
    expect(new Set(keys).size).toBe(keys.length);
  });
  it("uses colours a white monogram can sit on", () => {
    for (const b of BANKS) expect(b.color, b.name).toMatch(/^#[0-9a-f]{6}$/i);
  });
});

describe("findBank", () => {
  it("finds a bank under other spellings", () => {
    expect(findBank("بانك ملي")?.name).toBe("بانک ملی ایران");
    expect(findBank("ملی")?.name).toBe("بانک ملی ایران");
    expect(findBank("بانک صادرات")?.name).toBe("بانک صادرات ایران");
    expect(findBank("پست بانک")?.name).toBe("پست بانک ایران");
    expect(findBank("بانک رفاه")?.name).toBe("بانک رفاه کارگران");
    expect(findBank("بانک قرض الحسنه مهر ایران")?.name).toBe("بانک قرض‌الحسنه مهر ایران");
    expect(findBank("  بانک   ایران‌زمین ")?.name).toBe("بانک ایران زمین");
  });
  it("tells two banks with the same short name apart", () => {
    expect(findBank("بانک توسعه صادرات")?.color).toBe("#0b6b3a");
    expect(findBank("موسسه اعتباری توسعه")?.color).toBe("#3c6e47");
    expect(findBank("بانک مهر اقتصاد")?.color).toBe("#2f6b2f");
  });
  it("falls back to the default logo", () => {
    expect(findBank("بانک ناشناخته")).toBeNull();
    expect(findBank("")).toBeNull();
    expect(findBank(null)).toBeNull();
    expect(bankBrand("بانک ناشناخته")).toBe(DEFAULT_BANK);
    expect(bankBrand("بانک ملت").short).toBe("ملت");
  });
});
