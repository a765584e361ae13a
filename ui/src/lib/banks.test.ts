import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bankBrand, bankKey, BANKS, DEFAULT_BANK, findBank, LOGO_COLUMNS, LOGO_ROWS, LOGO_SPRITE, logoCell } from "./banks";

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

// The logo package as installed: its stylesheet places each logo in the sprites, its PNGs are the sprites.
const logos = new URL("../../node_modules/iranianbanklogos/", import.meta.url);
const iblCss = readFileSync(new URL("dist/ibl.css", logos), "utf8");

/** pngSize reads the width and height out of a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = readFileSync(new URL(`dist/${file}`, logos));
  expect(b.subarray(1, 4).toString("latin1"), file).toBe("PNG");
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

// The banks the package has no logo of: they keep their monogram.
const NO_LOGO = [
  "بانک مرکزی جمهوری اسلامی ایران",
  "موسسه اعتباری توسعه",
  "موسسه اعتباری نور",
  "موسسه اعتباری کوثر",
  "بانک مهر اقتصاد",
];

describe("bank logos from iranianbanklogos", () => {
  it("is the licensed version whose sprite layout the table was written against", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", logos), "utf8"));
    expect(pkg.version).toBe("3.1.2");
    expect(pkg.license).toBe("ISC");
  });
  it("places every logo key where the package's stylesheet puts it, in every sprite size", () => {
    for (const size of [32, 64, 128, 256]) {
      const found = [...iblCss.matchAll(new RegExp(`\\.ibl${size}\\.ibl-([a-z0-9]+)\\{background-position:([-\\d]+)(?:px)? ([-\\d]+)(?:px)?\\}`, "g"))];
      expect(found.map((m) => m[1]), `ibl${size}`).toEqual([...LOGO_SPRITE]);
      for (const [, key, x, y] of found) {
        const { col, row } = logoCell(key);
        expect([0 - Number(x) / size, 0 - Number(y) / size], key).toEqual([col, row]);
      }
      expect(pngSize(`ibls${size}.png`), `ibls${size}.png`).toEqual([LOGO_COLUMNS * size, LOGO_ROWS * size]);
    }
  });
  it("gives every bank a logo in the package, or lists it as having none", () => {
    for (const b of BANKS) {
      if (NO_LOGO.includes(b.name)) expect(b.logo, b.name).toBeNull();
      else expect(LOGO_SPRITE, b.name).toContain(b.logo);
    }
    for (const name of NO_LOGO) expect(findBank(name), name).not.toBeNull();
    expect(BANKS.filter((b) => b.logo).length).toBe(BANKS.length - NO_LOGO.length);
  });
  it("gives no two banks the same logo", () => {
    const used = BANKS.flatMap((b) => (b.logo ? [b.logo] : []));
    expect(new Set(used).size).toBe(used.length);
  });
  it("draws Refah with its current logo, which v3.1 moved to rb (the former one is rb2)", () => {
    expect(findBank("بانک رفاه کارگران")?.logo).toBe("rb");
  });
  it("finds a logo's cell in the sprite and refuses a key it does not have", () => {
    expect(logoCell("bsi")).toEqual({ col: 0, row: 0 });
    expect(logoCell("mellat")).toEqual({ col: 1, row: 0 });
    expect(logoCell("rb2")).toEqual({ col: 2, row: 6 });
    expect(() => logoCell("noor")).toThrow();
    expect(DEFAULT_BANK.logo).toBeNull();
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
