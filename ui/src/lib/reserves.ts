// Pure helpers of the public reserves page (issue 17): the API's daily history as chart series, the axis
// labels (Jalali days, Persian digits) and the cover ratio in words. Grams become Numbers only to be drawn.
import type { ReservePoint } from "../api";
import { toFaDigits } from "./digits";
import { JALALI_MONTHS, tehranParts } from "./jalali";
import { faNumber } from "./money";

/** ReserveSeries is what the chart draws: xs the Tehran midnights in Unix seconds, oldest first. */
export type ReserveSeries = { xs: number[]; owed: number[]; held: number[] };

/** tehranMidnight is the start of a Tehran day "YYYY-MM-DD" in Unix seconds (Tehran keeps +03:30 all year). */
export function tehranMidnight(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const t = Date.parse(`${date}T00:00:00+03:30`);
  return Number.isNaN(t) ? null : Math.floor(t / 1000);
}

function grams(value: string): number | null {
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
}

/** reserveSeries turns the history into series sorted oldest first; malformed points are left out; null when empty. */
export function reserveSeries(history: readonly ReservePoint[]): ReserveSeries | null {
  const rows: { x: number; owed: number; held: number }[] = [];
  for (const p of history) {
    const x = tehranMidnight(p.date);
    const owed = grams(p.owed);
    const held = grams(p.held);
    if (x === null || owed === null || held === null) continue;
    rows.push({ x, owed, held });
  }
  if (rows.length === 0) return null;
  rows.sort((a, b) => a.x - b.x);
  return { xs: rows.map((r) => r.x), owed: rows.map((r) => r.owed), held: rows.map((r) => r.held) };
}

/** formatDayTick labels a day on the x axis: "۱۲ مهر". */
export function formatDayTick(sec: number): string {
  const t = tehranParts(new Date(sec * 1000));
  return `${toFaDigits(t.jd)} ${JALALI_MONTHS[t.jm - 1]}`;
}

/** formatGramTick labels a y axis tick in grams, Persian digits, at most three decimals. */
export function formatGramTick(value: number): string {
  return faNumber(String(Math.round(value * 1000) / 1000));
}

/** ratioText is the cover ratio in words: "پوشش: ۱/۰۵ برابر", or that nothing is owed yet. */
export function ratioText(ratio: string | null | undefined): string {
  if (ratio === null || ratio === undefined || ratio.trim() === "") return "هنوز طلایی به مشتریان بدهکار نیستیم.";
  return `پوشش: ${faNumber(ratio.trim())} برابر`;
}
