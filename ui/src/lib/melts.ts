// Melting and assay (issue 39) without the screen: a batch's status in words and its badge's tone, the melt's loss
// (a negative loss is a gain: «افزایش»), the lots chosen and their 750-equivalent, and the lab's result checked
// and turned into the body of POST /api/admin/vault/melts/{id}/result.
import type { MeltResultBody, MeltStatus } from "../api-types";
import { ABSHODEH_MESSAGES, checkFigures, foldText } from "./abshodeh";
import { toLatinDigits } from "./digits";
import type { Tone } from "./labels";
import { GOLD_SCALE, formatUnits, parseUnits } from "./ledger";
import { EMPTY, formatGold } from "./money";
import { INGOT_MAX, LAB_MAX } from "./vault";

/** MELT_MESSAGES are the melts' own texts (the server's, when it sends one, win). */
export const MELT_MESSAGES = {
  loadFailed: "خطا در دریافت دسته‌های ذوب",
  sendFailed: "خطا در ارسال به ذوب",
  sent: "دستهٔ ذوب فرستاده شد",
  resultFailed: "خطا در ثبت نتیجهٔ ری‌گیری",
  done: "نتیجهٔ ری‌گیری ثبت شد",
  cancelFailed: "خطا در لغو دستهٔ ذوب",
  cancelled: "دستهٔ ذوب لغو شد",
  noLots: "دست‌کم یک قطعه را برای ذوب انتخاب کنید",
  tooMany: "در هر دسته حداکثر ۱۰۰ قطعه فرستاده می‌شود",
  longMelter: "حداکثر ۱۰۰ حرف",
  longNote: "حداکثر ۵۰۰ حرف",
  longText: "حداکثر ۱۰۰ حرف",
  longIngot: "حداکثر ۵۰ حرف",
} as const;

const STATUS: Record<MeltStatus, { label: string; tone: Tone }> = {
  sent: { label: "فرستاده شده", tone: "warn" },
  done: { label: "ری‌گیری شد", tone: "ok" },
  cancelled: { label: "لغو شد", tone: "muted" },
};

/** meltStatusLabel names a batch's status; an unknown one is shown raw. */
export function meltStatusLabel(status: string): string {
  return STATUS[status as MeltStatus]?.label ?? (status || EMPTY);
}

/** meltStatusTone is yellow while at the melter, green once assayed, grey when cancelled. */
export function meltStatusTone(status: string): Tone {
  return STATUS[status as MeltStatus]?.tone ?? "muted";
}

/** Loss is a melt's loss as read: «کاهش ذوب» and its grams, «افزایش» for a gain, or no change. */
export type Loss = { label: string; grams: string; gain: boolean };

/** lossOf reads loss750 (the lots' 750-equivalent less the bar's): a negative one is a gain; null before the result. */
export function lossOf(loss750: string | null | undefined): Loss | null {
  const mg = parseUnits(loss750, GOLD_SCALE);
  if (mg === null) return null;
  if (mg === 0n) return { label: "بدون کاهش", grams: formatGold("0"), gain: false };
  const gain = mg < 0n;
  return { label: gain ? "افزایش" : "کاهش ذوب", grams: formatGold(formatUnits(gain ? -mg : mg, GOLD_SCALE)), gain };
}

/** lossText is a loss in one line: «کاهش ذوب ۰/۱۲۰ گرم», «افزایش ۰/۰۵۰ گرم»; a dash before the result. */
export function lossText(loss750: string | null | undefined): string {
  const loss = lossOf(loss750);
  return loss ? `${loss.label} ${loss.grams} گرم` : EMPTY;
}

/** expectedLoss is what a typed bar would leave as the loss: the lots' 750-equivalent less the bar's; null while unknown. */
export function expectedLoss(lots750: string, bar750: string | null): string | null {
  const lots = parseUnits(lots750, GOLD_SCALE);
  const bar = parseUnits(bar750, GOLD_SCALE);
  return lots === null || bar === null ? null : formatUnits(lots - bar, GOLD_SCALE);
}

/** MeltResultForm is what the owner types from the lab's paper. */
export type MeltResultForm = { weight: string; purity: string; lab: string; ingot: string; note: string };

/** MeltResultErrors holds one message per refused field. */
export type MeltResultErrors = Partial<Record<keyof MeltResultForm, string>>;

/** EMPTY_MELT_RESULT is the blank form. */
export const EMPTY_MELT_RESULT: MeltResultForm = { weight: "", purity: "", lab: "", ingot: "", note: "" };

/**
 * checkMeltResult checks the lab's bar as the server does (a weight and purity as any vault item's, the lab and
 * the ingot number required, the ingot in Latin digits so "۱۲۳" and "123" are one number) and returns the body.
 */
export function checkMeltResult(form: MeltResultForm): { ok: true; body: MeltResultBody } | { ok: false; errors: MeltResultErrors } {
  const errors: MeltResultErrors = {};
  const figures = checkFigures(form.purity, form.weight);
  if (!figures.ok) {
    if (figures.errors.ayar) errors.purity = figures.errors.ayar;
    if (figures.errors.vazn) errors.weight = figures.errors.vazn;
  }
  const lab = foldText(toLatinDigits(form.lab));
  const ingot = foldText(toLatinDigits(form.ingot));
  const note = foldText(form.note);
  if (!lab) errors.lab = ABSHODEH_MESSAGES.reyRequired;
  else if (lab.length > LAB_MAX) errors.lab = MELT_MESSAGES.longText;
  if (!ingot) errors.ingot = ABSHODEH_MESSAGES.angRequired;
  else if (ingot.length > INGOT_MAX) errors.ingot = MELT_MESSAGES.longIngot;
  if (note.length > 500) errors.note = MELT_MESSAGES.longNote;
  if (!figures.ok || Object.keys(errors).length) return { ok: false, errors };
  const body: MeltResultBody = { weight: figures.vazn, purity: figures.ayar, lab, ingot_number: ingot };
  if (note) body.note = note;
  return { ok: true, body };
}

/** MELT_RESULT_ORDER is the order the result form's fields are focused in when refused. */
export const MELT_RESULT_ORDER: readonly (keyof MeltResultForm)[] = ["weight", "purity", "lab", "ingot", "note"];

/** checkSend checks a batch to send: one to a hundred lots, the melter's name and the note within their lengths. */
export function checkSend(ids: readonly number[], melter: string, note: string): { ok: true; body: { item_ids: number[]; melter: string; note: string } } | { ok: false; message: string } {
  if (!ids.length) return { ok: false, message: MELT_MESSAGES.noLots };
  if (ids.length > 100) return { ok: false, message: MELT_MESSAGES.tooMany };
  const m = foldText(melter);
  const n = foldText(note);
  if (m.length > 100) return { ok: false, message: `نام ذوب‌کار: ${MELT_MESSAGES.longMelter}` };
  if (n.length > 500) return { ok: false, message: `توضیح: ${MELT_MESSAGES.longNote}` };
  return { ok: true, body: { item_ids: [...ids], melter: m, note: n } };
}
