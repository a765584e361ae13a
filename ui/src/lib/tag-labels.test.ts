import { describe, expect, it } from "vitest";
import { labelFigures, labelIdsOf, labelSizeOf, LABEL_SIZES, MAX_LABELS, scannedCode, wageText } from "./tag-labels";
import { labelsPath, MELTS_PATH, vaultPageOf } from "./vault-pages";

describe("the labels page's address", () => {
  it("prints on the A4 sheet unless it names a roll", () => {
    expect(labelSizeOf("")).toBe("a4");
    expect(labelSizeOf("?size=a4")).toBe("a4");
    expect(labelSizeOf("?size=40x25")).toBe("40x25");
    expect(labelSizeOf("?size=50X30")).toBe("50x30");
    expect(labelSizeOf("?size=40×25")).toBe("40x25");
    expect(labelSizeOf("?size=80mm")).toBe("a4");
    expect(LABEL_SIZES.map((s) => s.value)).toEqual(["a4", "40x25", "50x30"]);
  });
  it("reads the items' ids in any digits, each once, in order", () => {
    expect(labelIdsOf("?ids=12,13")).toEqual([12, 13]);
    expect(labelIdsOf("?ids=۱۲،۱۳,12")).toEqual([12, 13]);
    expect(labelIdsOf("?ids=0,x,-4,5")).toEqual([4, 5]);
    expect(labelIdsOf("")).toEqual([]);
    expect(labelIdsOf(`?ids=${Array.from({ length: 150 }, (_, i) => i + 1).join(",")}`)).toHaveLength(MAX_LABELS);
  });
  it("is a page of the vault's, as its melts are", () => {
    expect(labelsPath([12, 13])).toBe("/admin-vault_page/labels?ids=12,13");
    expect(labelsPath([7], "40x25")).toBe("/admin-vault_page/labels?ids=7&size=40x25");
    expect(labelsPath([7], "a4")).toBe("/admin-vault_page/labels?ids=7");
    expect(vaultPageOf("/admin-vault_page")).toBe("vault");
    expect(vaultPageOf("/admin-vault")).toBe("vault");
    expect(vaultPageOf("/admin-vault_page/labels?ids=1")).toBe("labels");
    expect(vaultPageOf("/Admin-Vault_page/Labels/")).toBe("labels");
    expect(vaultPageOf(MELTS_PATH)).toBe("melts");
    expect(vaultPageOf("/admin-vault_page/other")).toBeNull();
    expect(vaultPageOf("/admin-vault_page/labels/2")).toBeNull();
  });
});

describe("a label's figures", () => {
  it("writes the wage as rial per gram where the piece has one, else as its percent", () => {
    expect(wageText({ wage_rial_per_gram: 8500000, wage_percent: "0.00" })).toBe("اجرت هر گرم ۸٬۵۰۰٬۰۰۰ ریال");
    expect(wageText({ wage_percent: "18.00" })).toBe("اجرت ۱۸٪");
    expect(wageText({ wage_percent: "7.50", wage_rial_per_gram: 0 })).toBe("اجرت ۷/۵٪");
  });
  it("prints no wage for an item without one", () => {
    expect(wageText({ wage_percent: "0.00", wage_rial_per_gram: 0 })).toBe("");
    expect(wageText({})).toBe("");
  });
  it("writes the weight in grams and the purity as the shop does", () => {
    expect(labelFigures({ weight: "4.250", purity: "750.00" })).toEqual({ weight: "۴/۲۵۰ گرم", purity: "عیار ۷۵۰" });
    expect(labelFigures({ weight: "12.3", purity: "999.90" })).toEqual({ weight: "۱۲/۳۰۰ گرم", purity: "عیار ۹۹۹/۹" });
  });
});

describe("a scanned tag", () => {
  it("is read back in Latin digits, whatever the keyboard's layout typed, without the scanner's spaces", () => {
    expect(scannedCode("۱۰۰۰۰۱")).toBe("100001");
    expect(scannedCode("١٠٠٠٠٢")).toBe("100002");
    expect(scannedCode(" RG-1001\t")).toBe("RG-1001");
    expect(scannedCode("NK-۲۰۰۲ ")).toBe("NK-2002");
    expect(scannedCode("   ")).toBe("");
  });
});
