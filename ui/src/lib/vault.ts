// The vault (issue 17) on the owner's side: the Persian words of kinds, reasons and moves, and the one item
// form, checked and turned into the body of POST and PUT /api/admin/vault, or of the abshodeh bar calls: an
// abshodeh bar is a vault item of melted gold offered to customers (issue 26), typed in the same form.
import type { Bar, BarForm, VaultItem, VaultItemForm, VaultKind, VaultMove, VaultOutReason } from "../api";
import { ABSHODEH_MESSAGES, checkFigures, foldText } from "./abshodeh";
import { toLatinDigits } from "./digits";
import type { Tone } from "./labels";
import { formatPurity } from "./gold-request";
import { EMPTY, formatGold } from "./money";
import { formatPercentBp, parsePercent } from "./counter";

/** VAULT_MESSAGES are the vault screen's own texts (the server's, when it sends one, win). */
export const VAULT_MESSAGES = {
  loadFailed: "خطا در دریافت خزانه",
  historyFailed: "خطا در دریافت سابقه کالا",
  addFailed: "خطا در ثبت کالا",
  editFailed: "خطا در ویرایش کالا",
  outFailed: "خطا در خروج کالا",
  added: "کالا به خزانه اضافه شد",
  edited: "کالا ویرایش شد",
  out: "کالا از خزانه خارج شد",
  kindRequired: "نوع کالا را انتخاب کنید",
  codeRequired: "برای شمش لازم است",
  tooLight: "وزن ۷۵۰ این کالا کمتر از یک سوت می‌شود",
  longText: "حداکثر ۱۰۰ حرف",
  longIngot: "حداکثر ۵۰ حرف",
  longDescription: "حداکثر ۵۰۰ حرف",
  wagePercent: "درصد اجرت از ۰ تا ۱۰۰ با حداکثر دو رقم اعشار",
  wageRial: "اجرت هر گرم را به ریال بنویسید",
} as const;

/** VAULT_KINDS are the kinds in the server's order (the totals come in it too). */
export const VAULT_KINDS: readonly VaultKind[] = ["bar", "coin", "melted", "jewellery"];

const KIND_LABELS: Record<VaultKind, string> = { bar: "شمش", coin: "سکه", melted: "آبشده", jewellery: "مصنوعات" };

/** vaultKindLabel names a kind; an unknown one is shown raw. */
export function vaultKindLabel(kind: string | undefined): string {
  return KIND_LABELS[kind as VaultKind] ?? (kind || EMPTY);
}

/** VAULT_KIND_OPTIONS are the form's kind select. */
export const VAULT_KIND_OPTIONS = VAULT_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));

/** VAULT_OUT_REASONS are the reasons the owner may give; a delivery is recorded on the customer's request. */
export const VAULT_OUT_REASONS: readonly { value: VaultOutReason; label: string }[] = [
  { value: "sold", label: "فروش" },
  { value: "melted", label: "ذوب" },
  { value: "corrected", label: "اصلاح" },
];

const MOVE_LABELS: Record<VaultMove["kind"], string> = {
  received: "ورود به خزانه",
  delivered: "تحویل به مشتری",
  sold: "فروش",
  melted: "ذوب",
  corrected: "اصلاح",
  returned: "بازگشت با ابطال فاکتور",
};

/** vaultMoveLabel names a move of an item's history; an unknown one is shown raw. */
export function vaultMoveLabel(kind: string | undefined): string {
  return MOVE_LABELS[kind as VaultMove["kind"]] ?? (kind || EMPTY);
}

/** vaultStatusLabel names where an item is; vaultStatusTone colours its badge. */
export function vaultStatusLabel(status: string | undefined): string {
  return status === "in" ? "در خزانه" : status === "out" ? "خارج شده" : status || EMPTY;
}

/** vaultStatusTone is green for an item in the vault and grey for one taken out. */
export function vaultStatusTone(status: string | undefined): Tone {
  return status === "in" ? "ok" : "muted";
}

/** VaultShown is the list filter: what is in (the first view), what left, or every item. */
export type VaultShown = "in" | "out" | "all";

/** VAULT_SHOWN are the filter's chips. */
export const VAULT_SHOWN: readonly { value: VaultShown; label: string }[] = [
  { value: "in", label: "در خزانه" },
  { value: "out", label: "خارج شده" },
  { value: "all", label: "همه" },
];

/** CODE_FIELDS are a bar's five marks, all required for a bar (the 1404 directive's delivery codes). */
export const CODE_FIELDS = [
  { key: "lab", label: "آزمایشگاه (ری)" },
  { key: "ingot_number", label: "شماره انگ" },
  { key: "standard_code", label: "کد استاندارد" },
  { key: "production_code", label: "کد تولید" },
  { key: "tracking_code", label: "کد رهگیری" },
] as const;

/** CodeKey names one of a bar's marks. */
export type CodeKey = (typeof CODE_FIELDS)[number]["key"];

/** WageMode is how a piece's default wage is typed: a percent of its gold value, or rial per gram. */
export type WageMode = "percent" | "rial";

/** WAGE_MODES are the form's choice of the two. */
export const WAGE_MODES: readonly { value: WageMode; label: string }[] = [
  { value: "percent", label: "درصد از ارزش طلا" },
  { value: "rial", label: "ریال برای هر گرم" },
];

/**
 * VaultForm is what the owner types; purity and weight as typed (Latin digits). A piece (jewellery) also has
 * its tag code, category and default wage (wage: a percent or Latin digits of rial, as wageMode says).
 */
export type VaultForm = Omit<VaultItemForm, "note" | "tag" | "category" | "wage_percent" | "wage_rial_per_gram" | "assay"> & {
  note: string;
  /** unassayed: melted gold added at its estimated purity, to be sent to the melter (the add form's box) */
  unassayed: boolean;
  tag: string;
  category: string;
  wageMode: WageMode;
  wage: string;
};

/** VaultFormErrors holds one message per refused field. */
export type VaultFormErrors = Partial<Record<keyof VaultForm, string>>;

/** EMPTY_VAULT_FORM is a blank form; a coin is the commonest thing a shop receives. */
export const EMPTY_VAULT_FORM: VaultForm = {
  kind: "coin", description: "", weight: "", purity: "", lab: "", ingot_number: "",
  standard_code: "", production_code: "", tracking_code: "", note: "", tag: "", category: "", wageMode: "percent", wage: "",
  unassayed: false,
};

/** plainFigure is a figure as it would be typed: without trailing zeros ("12.300" is "12.3"). */
const plainFigure = (v: string) => (v.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v);

/** vaultItemToForm fills the edit form from an item: figures as typed numbers without trailing zeros. */
export function vaultItemToForm(item: VaultItem): VaultForm {
  const perGram = item.wage_rial_per_gram ?? 0;
  const percent = plainFigure(item.wage_percent ?? "");
  return {
    kind: item.kind, description: item.description ?? "", weight: plainFigure(item.weight ?? ""),
    purity: plainFigure(item.purity ?? ""),
    lab: item.lab ?? "", ingot_number: item.ingot_number ?? "", standard_code: item.standard_code ?? "",
    production_code: item.production_code ?? "", tracking_code: item.tracking_code ?? "", note: "",
    tag: item.tag ?? "", category: item.category ?? "", wageMode: perGram > 0 ? "rial" : "percent",
    wage: perGram > 0 ? String(perGram) : percent === "0" ? "" : percent, unassayed: false, // an edit keeps the item's assay
  };
}

/** ItemMode is what the form is for: any vault item, or an abshodeh bar (its kind melted, its lab and ingot needed). */
export type ItemMode = "vault" | "bar";

/** LAB_MAX and INGOT_MAX are the server's lengths of a lab's name and an ingot number; a code's is CODE_MAX. */
export const LAB_MAX = 100;
export const INGOT_MAX = 50;
const CODE_MAX = 100;
/** TAG_MAX and CATEGORY_MAX are the server's lengths of a piece's tag code and category. */
export const TAG_MAX = 50;
export const CATEGORY_MAX = 100;

/**
 * checkItemForm validates the typed item as the server does and returns the request body: texts trimmed and
 * folded, codes in Latin digits (so "۱۲۳" and "123" are one ingot), purity "750.00", weight "12.345". A coded
 * bar needs its five marks, an abshodeh bar its lab and ingot. The note is sent only when typed.
 */
export function checkItemForm(form: VaultForm, mode: ItemMode = "vault"): { ok: true; body: VaultItemForm } | { ok: false; errors: VaultFormErrors } {
  const bar = mode === "bar";
  const kind = bar ? "melted" : form.kind;
  const errors: VaultFormErrors = {};
  if (!VAULT_KINDS.includes(kind)) errors.kind = VAULT_MESSAGES.kindRequired;
  const figures = checkFigures(form.purity, form.weight, bar ? ABSHODEH_MESSAGES.tooLight : VAULT_MESSAGES.tooLight);
  if (!figures.ok) {
    if (figures.errors.ayar) errors.purity = figures.errors.ayar;
    if (figures.errors.vazn) errors.weight = figures.errors.vazn;
  }
  const description = foldText(form.description);
  if (description.length > 500) errors.description = VAULT_MESSAGES.longDescription;
  const codes = {} as Record<CodeKey, string>;
  for (const { key } of CODE_FIELDS) {
    const v = foldText(toLatinDigits(form[key]));
    codes[key] = v;
    const max = key === "ingot_number" ? INGOT_MAX : key === "lab" ? LAB_MAX : CODE_MAX;
    if (!v && bar && key === "lab") errors.lab = ABSHODEH_MESSAGES.reyRequired;
    else if (!v && bar && key === "ingot_number") errors.ingot_number = ABSHODEH_MESSAGES.angRequired;
    else if (!v && kind === "bar") errors[key] = VAULT_MESSAGES.codeRequired;
    else if (v.length > max) errors[key] = max === INGOT_MAX ? VAULT_MESSAGES.longIngot : VAULT_MESSAGES.longText;
  }
  const note = foldText(form.note);
  if (note.length > 500) errors.note = VAULT_MESSAGES.longDescription;
  const piece = kind === "jewellery" ? checkPiece(form, errors) : {};
  if (!figures.ok || Object.keys(errors).length) return { ok: false, errors };
  const body: VaultItemForm = { kind, description, weight: figures.vazn, purity: figures.ayar, ...codes, ...piece };
  if (note) body.note = note;
  // only melted gold may be unassayed, and never a bar offered to customers (the server says so too)
  if (form.unassayed && kind === "melted" && !bar) body.assay = "unassayed";
  return { ok: true, body };
}

/**
 * checkPiece checks a piece's counter fields into errors and returns them as the body carries them: the tag in
 * Latin digits (a scanner and a keyboard type one code), the category, and the wage typed (a percent "18.00"
 * or rial per gram); an empty wage is not sent, so an edit keeps the piece's wage.
 */
function checkPiece(form: VaultForm, errors: VaultFormErrors): Pick<VaultItemForm, "tag" | "category" | "wage_percent" | "wage_rial_per_gram"> {
  const tag = toLatinDigits(form.tag).trim();
  const category = foldText(form.category);
  if (tag.length > TAG_MAX) errors.tag = VAULT_MESSAGES.longIngot;
  if (category.length > CATEGORY_MAX) errors.category = VAULT_MESSAGES.longText;
  const out: Pick<VaultItemForm, "tag" | "category" | "wage_percent" | "wage_rial_per_gram"> = { tag, category };
  const wage = form.wage.trim();
  if (!wage) return out;
  if (form.wageMode === "percent") {
    const bp = parsePercent(wage);
    if (bp === null) errors.wage = VAULT_MESSAGES.wagePercent;
    else out.wage_percent = formatPercentBp(bp);
  } else if (!/^\d{1,15}$/.test(toLatinDigits(wage))) {
    errors.wage = VAULT_MESSAGES.wageRial;
  } else {
    out.wage_rial_per_gram = toLatinDigits(wage).replace(/^0+(?=\d)/, "");
  }
  return out;
}

/** toBarForm is a checked bar as the abshodeh calls take it (their names are the spec's). */
export function toBarForm(body: VaultItemForm): BarForm {
  return { rey: body.lab, ang: body.ingot_number, ayar: body.purity, vazn: body.weight };
}

/** barToForm fills the form from a bar of the inventory, as vaultItemToForm does from an item. */
export function barToForm(bar: Bar): VaultForm {
  return {
    ...EMPTY_VAULT_FORM, kind: "melted", lab: bar.rey, ingot_number: bar.ang, purity: plainFigure(bar.ayar ?? ""),
    weight: plainFigure(bar.vazn ?? ""),
  };
}

/** FORM_ORDER is the order the form's fields are focused in when refused. */
export const FORM_ORDER: readonly (keyof VaultForm)[] = [
  "kind", "description", "purity", "weight", ...CODE_FIELDS.map((c) => c.key), "tag", "category", "wage", "note",
];

/** moveChange says what a move set or changed ("وزن از ۸/۱۳۳ به ۸/۲۰۰"), empty when it touched no figure. */
export function moveChange(move: VaultMove): string {
  const part = (label: string, before: string | undefined, after: string | undefined, show: (v?: string) => string) =>
    before ? `${label} از ${show(before)} به ${show(after)}` : after ? `${label} ${show(after)}` : "";
  return [
    part("وزن", move.weight_before, move.weight_after, formatGold),
    part("عیار", move.purity_before, move.purity_after, formatPurity),
  ].filter(Boolean).join("، ");
}
