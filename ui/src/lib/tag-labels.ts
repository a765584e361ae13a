// A piece's printed tag label (issue 39) without the page: the paper sizes and how the page's address names them
// and the items, and the figures a label prints (weight, purity, the making charge as a percent or rial per gram).
// The barcode itself is the server's image (api-stock.ts barcodeUrl): nothing here draws bars.
import type { VaultItem } from "../api-types";
import { toLatinDigits } from "./digits";
import { formatPurity, PURITY_SCALE } from "./gold-request";
import { parseUnits } from "./ledger";
import { formatGold, formatRial } from "./money";

/** LabelSize is the paper: an A4 sheet of labels in a grid, or a thermal roll of 40×25 or 50×30 mm, one a label. */
export type LabelSize = "a4" | "40x25" | "50x30";

/** LABEL_SIZES are the choices of the page, in its order, with the words its buttons say. */
export const LABEL_SIZES: readonly { value: LabelSize; label: string }[] = [
  { value: "a4", label: "برگه آ۴ (۲۱ اتیکت)" },
  { value: "40x25", label: "رول ۴۰×۲۵ میلی‌متری" },
  { value: "50x30", label: "رول ۵۰×۳۰ میلی‌متری" },
];

/** MAX_LABELS is how many labels one page prints (the vault's selection is a few sheets at most). */
export const MAX_LABELS = 100;

/** labelSizeOf reads the page's ?size= (the A4 sheet unless it names a roll). */
export function labelSizeOf(search: string): LabelSize {
  const v = new URLSearchParams(search).get("size")?.toLowerCase().replace(/[×*]/g, "x") ?? "";
  return v === "40x25" || v === "50x30" ? v : "a4";
}

/** labelIdsOf reads the page's ?ids=12,13 (any digits, any separator): each id once, in order, MAX_LABELS at most. */
export function labelIdsOf(search: string): number[] {
  const raw = toLatinDigits(new URLSearchParams(search).get("ids") ?? "");
  const ids = raw.split(/[^0-9]+/).filter((s) => /^[1-9]\d{0,15}$/.test(s)).map(Number);
  return [...new Set(ids)].slice(0, MAX_LABELS);
}

/**
 * wageText is the making charge a label prints: rial per gram where the piece has one, else the percent of its
 * gold value; "" for an item without one (a coin, a bar).
 */
export function wageText(item: Pick<VaultItem, "wage_percent" | "wage_rial_per_gram">): string {
  if (item.wage_rial_per_gram && item.wage_rial_per_gram > 0) return `اجرت هر گرم ${formatRial(item.wage_rial_per_gram)} ریال`;
  if (!parseUnits(item.wage_percent, PURITY_SCALE)) return "";
  return `اجرت ${formatPurity(item.wage_percent)}٪`;
}

/**
 * scannedCode is a tag as the counter looks it up: a scanner (or a person) on a Persian keyboard layout types
 * Persian or Arabic digits, and some scanners add a space or a tab; a tag has no space of its own.
 */
export function scannedCode(raw: string): string {
  return toLatinDigits(raw).replace(/\s+/g, "");
}

/** LabelFigures are a label's printed lines: its weight and purity. */
export function labelFigures(item: Pick<VaultItem, "weight" | "purity">): { weight: string; purity: string } {
  return { weight: `${formatGold(item.weight)} گرم`, purity: `عیار ${formatPurity(item.purity)}` };
}
