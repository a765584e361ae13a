// The counter screen's lines (issue 38): a sale line per piece scanned, its wage, profit, coin price, extras and
// discount as typed, and the buy-back lines of used gold weighed at the counter; each checked and turned into
// the body of POST /api/admin/counter/price and …/invoices, and priced here at once by lib/counter.ts while
// the server's answer is on its way. Rial are typed as Latin digits (AmountField), figures as typed decimals.
import type { CounterBuyBackBody, CounterSaleBody, CounterTerms, VaultItem } from "../api-types";
import { checkFigures, foldText } from "./abshodeh";
import { formatPercentBp, parsePercent, priceBuyBack, priceSale, type SaleFigures } from "./counter";
import { parseUnits } from "./ledger";
import type { WageMode } from "./vault";

/** LINE_MESSAGES are the lines' own texts (the server's, when it sends one, win). */
export const LINE_MESSAGES = {
  percent: "درصدی از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار",
  coinPrice: "قیمت سکه را به ریال بنویسید",
  discountTooLarge: "تخفیف از مبلغ ردیف بیشتر است",
  tooLight: "پس از کسر عیار کمتر از یک میلی‌گرم طلای ۷۵۰ است",
  longDescription: "حداکثر ۲۰۰ نویسه",
} as const;

/** SaleRow is a sale line as the screen holds it: the piece, and what staff typed over its defaults. */
export type SaleRow = {
  key: number;
  item: VaultItem;
  wageMode: WageMode;
  /** wage is a percent as typed, or rial per gram as Latin digits, as wageMode says */
  wage: string;
  profit: string;
  price: string;
  extras: string;
  discount: string;
};

/** BuyBackRow is a buy-back line as typed. */
export type BuyBackRow = { key: number; description: string; weight: string; purity: string; deduction: string };

/** SaleErrors and BuyBackErrors are a line's refused fields. */
export type SaleErrors = Partial<Record<"wage" | "profit" | "price" | "discount", string>>;
export type BuyBackErrors = Partial<Record<"description" | "weight" | "purity" | "deduction", string>>;

/** plainPercent is the API's "18.00" as staff would type it: "18". */
const plainPercent = (p: string | undefined) => (p ?? "").replace(/\.?0+$/, "") || "0";

/** isPiece says whether a line is a made piece, the only kind with wage, profit and VAT. */
export const isPiece = (item: Pick<VaultItem, "kind">) => item.kind === "jewellery";

/** saleRowOf starts a sale line of item with its defaults: the piece's wage, the owner's profit. */
export function saleRowOf(item: VaultItem, terms: Pick<CounterTerms, "profit_percent"> | null, key: number): SaleRow {
  const perGram = item.wage_rial_per_gram ?? 0;
  return {
    key, item, wageMode: perGram > 0 ? "rial" : "percent", wage: perGram > 0 ? String(perGram) : plainPercent(item.wage_percent),
    profit: terms ? plainPercent(terms.profit_percent) : "", price: "", extras: "", discount: "",
  };
}

/** buyBackRowOf starts a buy-back line with the owner's fineness deduction. */
export function buyBackRowOf(terms: Pick<CounterTerms, "fineness_deduction_percent"> | null, key: number): BuyBackRow {
  return { key, description: "", weight: "", purity: "", deduction: terms ? plainPercent(terms.fineness_deduction_percent) : "" };
}

const rial = (digits: string) => (digits ? BigInt(digits) : 0n);

/**
 * checkSale checks a sale line and gives its body; a field left empty is left out (the server's default). With
 * the terms it also refuses a discount beyond the line.
 */
export function checkSale(row: SaleRow, terms: PriceTerms | null = null): { body: CounterSaleBody; errors: SaleErrors } {
  const errors: SaleErrors = {};
  const body: CounterSaleBody = { item_id: row.item.id };
  if (isPiece(row.item)) {
    const wage = row.wage.trim();
    if (row.wageMode === "rial" && wage) body.wage_rial_per_gram = wage;
    else if (wage) {
      const bp = parsePercent(wage);
      if (bp === null) errors.wage = LINE_MESSAGES.percent;
      else body.wage_percent = formatPercentBp(bp);
    }
    const profit = row.profit.trim() ? parsePercent(row.profit) : undefined;
    if (profit === null) errors.profit = LINE_MESSAGES.percent;
    else if (profit !== undefined) body.profit_percent = formatPercentBp(profit);
  }
  if (row.item.kind === "coin") {
    if (!row.price || rial(row.price) <= 0n) errors.price = LINE_MESSAGES.coinPrice;
    else body.price_rial = row.price;
  }
  if (row.extras) body.extras_rial = row.extras;
  if (row.discount) body.discount_rial = row.discount;
  if (terms && !errors.wage && !errors.profit && !errors.price && saleFigures(row, terms) === "discountTooLarge") {
    errors.discount = LINE_MESSAGES.discountTooLarge;
  }
  return { body, errors };
}

/** checkBuyBack checks a buy-back line and gives its body: weight "12.345", purity "705.00". */
export function checkBuyBack(row: BuyBackRow): { body: CounterBuyBackBody | null; errors: BuyBackErrors } {
  const errors: BuyBackErrors = {};
  const figures = checkFigures(row.purity, row.weight, LINE_MESSAGES.tooLight);
  if (!figures.ok) {
    if (figures.errors.ayar) errors.purity = figures.errors.ayar;
    if (figures.errors.vazn) errors.weight = figures.errors.vazn;
  }
  const description = foldText(row.description);
  if (Array.from(description).length > 200) errors.description = LINE_MESSAGES.longDescription;
  const deduction = row.deduction.trim() ? parsePercent(row.deduction) : undefined;
  if (deduction === null) errors.deduction = LINE_MESSAGES.percent;
  if (!figures.ok || Object.keys(errors).length) return { body: null, errors };
  const body: CounterBuyBackBody = { weight: figures.vazn, purity: figures.ayar };
  if (description) body.description = description;
  if (deduction != null) body.deduction_percent = formatPercentBp(deduction);
  return { body, errors };
}

type PriceTerms = Pick<CounterTerms, "base_price" | "vat">;

/**
 * saleFigures prices a sale line here, as the server will (lib/counter.ts): null while a field is not yet a
 * figure, or the reason the server would refuse it.
 */
export function saleFigures(row: SaleRow, terms: PriceTerms): SaleFigures | null | "coinPrice" | "discountTooLarge" {
  const piece = isPiece(row.item);
  const wage = piece && row.wage.trim() ? row.wage.trim() : "";
  const wageBp = piece && row.wageMode === "percent" ? (wage ? parsePercent(wage) : 0n) : 0n;
  const profitBp = piece ? parsePercent(row.profit.trim() || "0") : 0n;
  const weightMg = parseUnits(row.item.weight, 3);
  const purityCenti = parseUnits(row.item.purity, 2);
  const vatBp = parsePercent(terms.vat.percent);
  if (wageBp === null || profitBp === null || weightMg === null || purityCenti === null || vatBp === null) return null;
  const out = priceSale({
    kind: row.item.kind, weightMg, purityCenti, wageBp, wagePerGram: piece && row.wageMode === "rial" ? rial(wage) : 0n, profitBp,
    priceRial: rial(row.price), extrasRial: rial(row.extras), discountRial: rial(row.discount),
  }, BigInt(terms.base_price), vatBp);
  if (out.ok) return out.figures;
  return out.problem === "exemptCharged" ? null : out.problem;
}

/** buyBackValue prices a buy-back line here: its 750-equivalent after the deduction (mg) and value, or null. */
export function buyBackValue(row: BuyBackRow, terms: Pick<CounterTerms, "buy_back_price">): { net750Mg: bigint; value: bigint } | null {
  const { body } = checkBuyBack(row);
  const deductionBp = parsePercent(row.deduction.trim() || "0");
  if (!body || deductionBp === null) return null;
  const out = priceBuyBack({ weightMg: parseUnits(body.weight, 3)!, purityCenti: parseUnits(body.purity, 2)!, deductionBp }, BigInt(terms.buy_back_price));
  return out.ok ? { net750Mg: out.figures.net750Mg, value: out.figures.value } : null;
}

/** LocalTotals are the invoice's sums as priced here; null parts are lines not yet priced. */
export type LocalTotals = { sales: bigint; buybacks: bigint; vat: bigint; net: bigint; complete: boolean };

/**
 * localTotals sums the lines priced here; goldPayout leaves the buy-backs out of the net (they go to the
 * customer's gold). complete is false while a line cannot be priced yet.
 */
export function localTotals(sales: readonly SaleRow[], buybacks: readonly BuyBackRow[], terms: CounterTerms, goldPayout: boolean): LocalTotals {
  let s = 0n;
  let b = 0n;
  let vat = 0n;
  let complete = true;
  for (const row of sales) {
    const f = saleFigures(row, terms);
    if (f === null || typeof f === "string") complete = false;
    else {
      s += f.total;
      vat += f.vat;
    }
  }
  for (const row of buybacks) {
    const v = buyBackValue(row, terms);
    if (v === null) complete = false;
    else b += v.value;
  }
  return { sales: s, buybacks: b, vat, net: s - (goldPayout ? 0n : b), complete };
}
