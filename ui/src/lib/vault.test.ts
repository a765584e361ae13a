import { describe, expect, it } from "vitest";
import type { VaultItem, VaultMove } from "../api";
import {
  checkItemForm, EMPTY_VAULT_FORM, moveChange, VAULT_KIND_OPTIONS, VAULT_MESSAGES, VAULT_OUT_REASONS, vaultItemToForm,
  vaultKindLabel, vaultMoveLabel, vaultStatusLabel, type VaultForm,
} from "./vault";

const form = (f: Partial<VaultForm>): VaultForm => ({ ...EMPTY_VAULT_FORM, ...f });

describe("vault words", () => {
  it("names the four kinds in the server's order, and shows an unknown one raw", () => {
    expect(VAULT_KIND_OPTIONS.map((o) => o.label)).toEqual(["شمش", "سکه", "آبشده", "مصنوعات"]);
    expect(vaultKindLabel("coin")).toBe("سکه");
    expect(vaultKindLabel("gem")).toBe("gem");
    expect(vaultKindLabel(undefined)).toBe("—");
  });
  it("offers sold, melted and corrected, never delivered", () => {
    expect(VAULT_OUT_REASONS.map((r) => [r.value, r.label])).toEqual([["sold", "فروش"], ["melted", "ذوب"], ["corrected", "اصلاح"]]);
  });
  it("names the moves and the statuses", () => {
    expect(vaultMoveLabel("received")).toBe("ورود به خزانه");
    expect(vaultMoveLabel("delivered")).toBe("تحویل به مشتری");
    expect(vaultMoveLabel("corrected")).toBe("اصلاح");
    expect(vaultStatusLabel("in")).toBe("در خزانه");
    expect(vaultStatusLabel("out")).toBe("خارج شده");
  });
  it("says what a correction changed", () => {
    const m = { kind: "corrected", weight_before: "8.133", weight_after: "8.200", purity_before: "900.00", purity_after: "750.00" } as VaultMove;
    expect(moveChange(m)).toBe("وزن از ۸/۱۳۳ به ۸/۲۰۰، عیار از ۹۰۰ به ۷۵۰");
    expect(moveChange({ kind: "received", weight_after: "100", purity_after: "995.00" } as VaultMove)).toBe("وزن ۱۰۰/۰۰۰، عیار ۹۹۵");
    expect(moveChange({ kind: "sold" } as VaultMove)).toBe("");
  });
});

describe("checkItemForm", () => {
  it("turns a typed coin into the request body, Persian digits and all", () => {
    const out = checkItemForm(form({ kind: "coin", description: "  سکه  امامی ", weight: "۸.۱۳۳", purity: "۹۰۰" }));
    expect(out).toEqual({
      ok: true,
      body: {
        kind: "coin", description: "سکه امامی", weight: "8.133", purity: "900.00", lab: "", ingot_number: "",
        standard_code: "", production_code: "", tracking_code: "",
      },
    });
  });
  it("requires a bar's five marks and keeps them in Latin digits", () => {
    const bad = checkItemForm(form({ kind: "bar", weight: "100", purity: "995", lab: "ری", ingot_number: "۱۲" }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(["production_code", "standard_code", "tracking_code"]);
      expect(bad.errors.standard_code).toBe(VAULT_MESSAGES.codeRequired);
    }
    const good = checkItemForm(form({
      kind: "bar", weight: "100", purity: "995", lab: "ري", ingot_number: "۱۲", standard_code: "ST-۱", production_code: "P1",
      tracking_code: "T1", note: " رسید ",
    }));
    expect(good.ok && good.body).toMatchObject({ lab: "ری", ingot_number: "12", standard_code: "ST-1", weight: "100.000", purity: "995.00", note: "رسید" });
  });
  it("refuses the figures as the abshodeh form does", () => {
    const out = checkItemForm(form({ weight: "0", purity: "1200" }));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors).toEqual({ weight: "وزن باید بیشتر از صفر باشد", purity: "عیار باید بیشتر از صفر و حداکثر ۱۰۰۰ باشد" });
    const light = checkItemForm(form({ weight: "0.001", purity: "1" }));
    expect(!light.ok && light.errors.weight).toBe(VAULT_MESSAGES.tooLight);
  });
  it("sends a piece's tag in Latin digits, its category and its wage in the mode typed", () => {
    const pct = checkItemForm(form({ kind: "jewellery", weight: "4.25", purity: "750", tag: " R-۱۰۲۳ ", category: " انگشتر ", wage: "۱۸/۵" }));
    expect(pct.ok && pct.body).toMatchObject({ kind: "jewellery", tag: "R-1023", category: "انگشتر", wage_percent: "18.50" });
    expect(pct.ok && "wage_rial_per_gram" in pct.body).toBe(false);
    const rial = checkItemForm(form({ kind: "jewellery", weight: "4.25", purity: "750", wageMode: "rial", wage: "9500000" }));
    expect(rial.ok && rial.body).toMatchObject({ tag: "", wage_rial_per_gram: "9500000" });
    expect(rial.ok && "wage_percent" in rial.body).toBe(false);
    const none = checkItemForm(form({ kind: "jewellery", weight: "4.25", purity: "750" }));
    expect(none.ok && Object.keys(none.body).filter((k) => k.startsWith("wage"))).toEqual([]);
    const bad = checkItemForm(form({ kind: "jewellery", weight: "4.25", purity: "750", wage: "120", tag: "T".repeat(51) }));
    expect(!bad.ok && bad.errors).toEqual({ wage: VAULT_MESSAGES.wagePercent, tag: VAULT_MESSAGES.longIngot });
    const coin = checkItemForm(form({ kind: "coin", weight: "8", purity: "900", tag: "X1", wage: "10" }));
    expect(coin.ok && "tag" in coin.body).toBe(false);
  });
  it("marks melted gold unassayed when the box is ticked, and nothing else", () => {
    const lot = checkItemForm(form({ kind: "melted", weight: "12.5", purity: "740", unassayed: true }));
    expect(lot.ok && lot.body.assay).toBe("unassayed");
    const assayed = checkItemForm(form({ kind: "melted", weight: "12.5", purity: "740" }));
    expect(assayed.ok && "assay" in assayed.body).toBe(false);
    // a box left ticked before the kind changed sends nothing for a coin, nor for a bar offered to customers
    const coin = checkItemForm(form({ kind: "coin", weight: "8", purity: "900", unassayed: true }));
    expect(coin.ok && "assay" in coin.body).toBe(false);
    const bar = checkItemForm(form({ weight: "12.5", purity: "740", lab: "ری", ingot_number: "12", unassayed: true }), "bar");
    expect(bar.ok && "assay" in bar.body).toBe(false);
  });
  it("fills a piece's edit form with its tag and wage, a zero wage left empty", () => {
    const base = { kind: "jewellery", description: "", weight: "4.250", purity: "750.00", lab: "", ingot_number: "", standard_code: "", production_code: "", tracking_code: "" };
    expect(vaultItemToForm({ ...base, tag: "R1", category: "انگشتر", wage_percent: "18.00", wage_rial_per_gram: 0 } as VaultItem))
      .toMatchObject({ tag: "R1", category: "انگشتر", wageMode: "percent", wage: "18" });
    expect(vaultItemToForm({ ...base, wage_percent: "0.00", wage_rial_per_gram: 9500000 } as VaultItem)).toMatchObject({ wageMode: "rial", wage: "9500000" });
    expect(vaultItemToForm({ ...base, wage_percent: "0.00", wage_rial_per_gram: 0 } as VaultItem)).toMatchObject({ wageMode: "percent", wage: "" });
  });
  it("fills the edit form from an item without trailing zeros and with no note", () => {
    const item = { kind: "coin", description: "سکه", weight: "8.100", purity: "900.00", lab: "", ingot_number: "", standard_code: "", production_code: "", tracking_code: "" } as VaultItem;
    expect(vaultItemToForm(item)).toMatchObject({ weight: "8.1", purity: "900", note: "" });
  });
});
