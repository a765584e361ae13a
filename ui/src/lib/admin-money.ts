// The admin money desk's words and sums: status and type labels, the masked bank info,
// running ledger balances and the manual charge amount. Money stays exact: rial as BigInt,
// gold as BigInt milligrams; no float ever holds an amount.
// TODO: merge with labels.ts/ledger.ts/cards.ts (the customer branch) when both land.
import { digitsOnly, normalizeNumber, toFaDigits } from "./digits";
import { DECIMAL_SEP, groupThousands } from "./money";

// ---- labels (glossary.md) -------------------------------------------------------------------

/** Tone is a badge's colour: pending yellow, approved green, rejected red, canceled grey. */
export type Tone = "warn" | "success" | "danger" | "neutral" | "info";

/** walletTypeLabel names a wallet request's type. */
export function walletTypeLabel(type: string): string {
  return type === "deposit" ? "واریز" : type === "withdraw" ? "برداشت" : type;
}

/** walletTypeTone is the badge colour of a wallet request's type. */
export function walletTypeTone(type: string): Tone {
  return type === "deposit" ? "success" : type === "withdraw" ? "info" : "neutral";
}

/** walletStatusLabel names a wallet request's status; the admin's "pending" is the shorter word. */
export function walletStatusLabel(status: string, audience: "customer" | "admin" = "admin"): string {
  switch (status) {
    case "pending":
      return audience === "admin" ? "در انتظار" : "در انتظار تایید";
    case "approved":
      return "تایید شده";
    case "rejected":
      return "رد شده";
    case "canceled":
      return "لغو شده";
    default:
      return status;
  }
}

/** walletStatusTone is the badge colour of a wallet request's status (admin.md §2). */
export function walletStatusTone(status: string): Tone {
  switch (status) {
    case "pending":
      return "warn";
    case "approved":
      return "success";
    case "rejected":
      return "danger";
    default:
      return "neutral";
  }
}

const ENTRY_TYPES: Record<string, string> = {
  wallet_deposit: "شارژ کیف پول",
  gold_deposit: "شارژ طلا",
  wallet_withdraw: "برداشت از کیف پول",
  buy: "خرید",
  sell: "فروش",
  gold_request: "درخواست طلای فیزیکی",
  reward_referral: "پاداش دعوت",
};

const ENTRY_STATUSES: Record<string, string> = {
  approved: "تایید شده",
  ready: "آماده تحویل",
  delivered: "تحویل داده شده",
  rejected: "رد شده",
  deposited: "واریز شده",
};

/** entryTypeLabel names a ledger entry's type; unknown types are shown raw (admin.md §4). */
export function entryTypeLabel(type: string): string {
  return ENTRY_TYPES[type] ?? type;
}

/** entryStatusLabel names a ledger entry's status; unknown statuses are shown raw. */
export function entryStatusLabel(status: string): string {
  return ENTRY_STATUSES[status] ?? status;
}

/** fullName is "first last", or fallback when both are empty. */
export function fullName(first?: string | null, last?: string | null, fallback = ""): string {
  return `${first ?? ""} ${last ?? ""}`.trim() || fallback;
}

// ---- bank info ------------------------------------------------------------------------------

/** NO_BANK_INFO is shown when a request carries neither card nor IBAN. */
export const NO_BANK_INFO = "-";

/**
 * maskBankInfo shows a withdraw's account the way the admin list does (admin.md §9): the first 4
 * digits of the card and the last 4 characters of the IBAN, "6037 •••• / •••• 1234"; "-" for none.
 */
export function maskBankInfo(card: string | null | undefined, iban: string | null | undefined): string {
  const c = digitsOnly(card ?? "").slice(0, 4);
  const i = (iban ?? "").replace(/\s+/g, "").slice(-4);
  const parts: string[] = [];
  if (c) parts.push(`${c} ••••`);
  if (i) parts.push(`•••• ${i}`);
  return parts.length ? parts.join(" / ") : NO_BANK_INFO;
}

// ---- exact amounts --------------------------------------------------------------------------

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** rialToBig reads a rial string ("1500000") as a BigInt; empty or malformed reads as zero. */
export function rialToBig(value: string | number | null | undefined): bigint {
  const m = DECIMAL.exec(String(value ?? "").trim());
  if (!m || !m[2]) return 0n;
  const n = BigInt(m[2]);
  return m[1] === "-" ? -n : n;
}

/** goldToMg reads grams ("1.235") as BigInt milligrams; decimals past the third are cut. */
export function goldToMg(value: string | number | null | undefined): bigint {
  const m = DECIMAL.exec(String(value ?? "").trim());
  if (!m || (!m[2] && !m[3])) return 0n;
  const n = BigInt(m[2] || "0") * 1000n + BigInt(((m[3] ?? "") + "000").slice(0, 3));
  return m[1] === "-" ? -n : n;
}

/** mgToGold writes BigInt milligrams as canonical grams: 1235n → "1.235", -5n → "-0.005". */
export function mgToGold(mg: bigint): string {
  const neg = mg < 0n;
  const abs = neg ? -mg : mg;
  return `${neg ? "-" : ""}${abs / 1000n}.${String(abs % 1000n).padStart(3, "0")}`;
}

/** Balanced is an entry with its running rial and gold balances after it. */
export type Balanced<T> = T & { running_rial: string; running_gold: string };

type Movement = { debit_rial: string; credit_rial: string; debit_gold: string; credit_gold: string };

/** runningBalances adds credit minus debit in the order received (admin.md §3), exactly. */
export function runningBalances<T extends Movement>(entries: readonly T[]): Balanced<T>[] {
  let rial = 0n;
  let gold = 0n;
  return entries.map((e) => {
    rial += rialToBig(e.credit_rial) - rialToBig(e.debit_rial);
    gold += goldToMg(e.credit_gold) - goldToMg(e.debit_gold);
    return { ...e, running_rial: rial.toString(), running_gold: mgToGold(gold) };
  });
}

/** isZeroAmount tells a missing or zero amount ("0", "0.000", "") so tables can leave the cell quiet. */
export function isZeroAmount(value: string | null | undefined): boolean {
  return !value || !/[1-9]/.test(value);
}

// ---- manual charge --------------------------------------------------------------------------

/** ChargeType is the unit of a manual charge. */
export type ChargeType = "rial" | "gold";

/** CHARGE_MESSAGES are the manual charge's validation texts (admin.md §5). */
export const CHARGE_MESSAGES = {
  required: "مقدار شارژ را وارد کنید",
  notPositive: "مقدار شارژ باید بیشتر از صفر باشد",
  goldDecimals: "وزن طلا حداکثر سه رقم اعشار دارد",
  rialWhole: "مبلغ ریالی باید عدد صحیح باشد",
} as const;

/**
 * sanitizeAmount keeps what may be typed into the charge amount: for rial digits only, for gold
 * digits and one decimal point with at most 3 decimals. Persian and Arabic digits become Latin.
 */
export function sanitizeAmount(raw: string, type: ChargeType): string {
  if (type === "rial") return digitsOnly(raw).replace(/^0+(?=\d)/, "");
  let v = normalizeNumber(raw);
  const dot = v.indexOf(".");
  if (dot >= 0) v = v.slice(0, dot + 4);
  if (v.startsWith(".")) v = "0" + v;
  return v.replace(/^0+(?=\d)/, "");
}

/** displayAmount shows a sanitized amount in the field: Persian digits, rial grouped, gold with ٫. */
export function displayAmount(value: string, type: ChargeType): string {
  if (type === "rial") return toFaDigits(groupThousands(value));
  return toFaDigits(value).replace(".", DECIMAL_SEP);
}

/** ChargeAmount is the outcome of checking a typed charge amount. */
export type ChargeAmount = { ok: true; value: string } | { ok: false; message: string };

/** checkChargeAmount validates a typed amount and returns it in canonical form ("1500000", "1.250"). */
export function checkChargeAmount(input: string, type: ChargeType): ChargeAmount {
  const v = normalizeNumber(input.trim());
  if (!v || v === ".") return { ok: false, message: CHARGE_MESSAGES.required };
  if (type === "rial") {
    if (!/^\d+$/.test(v)) return { ok: false, message: CHARGE_MESSAGES.rialWhole };
    const n = rialToBig(v);
    return n > 0n ? { ok: true, value: n.toString() } : { ok: false, message: CHARGE_MESSAGES.notPositive };
  }
  if (!/^\d*(\.\d{0,3})?$/.test(v)) return { ok: false, message: CHARGE_MESSAGES.goldDecimals };
  const mg = goldToMg(v);
  return mg > 0n ? { ok: true, value: mgToGold(mg) } : { ok: false, message: CHARGE_MESSAGES.notPositive };
}
