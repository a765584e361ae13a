// The full «not current» mark of the wallet and trade screens: when the figures arrived, with the Jalali day
// when it was not today.
import { toFaDigits } from "./digits";
import { jalaliDay, tehranClock } from "./tehran-clock";

const pad2 = (n: number) => String(n).padStart(2, "0");

/** notCurrentText says figures are not current and when they arrived, Tehran time; the day too if not today. */
export function notCurrentText(at: number, now: Date = new Date()): string {
  const t = { ...jalaliDay(new Date(at)), ...tehranClock(new Date(at)) };
  const today = jalaliDay(now);
  const day = t.jy === today.jy && t.jm === today.jm && t.jd === today.jd ? "" : `${t.jy}/${pad2(t.jm)}/${pad2(t.jd)} `;
  return toFaDigits(`به‌روز نیست؛ آخرین دریافت ${day}ساعت ${pad2(t.hh)}:${pad2(t.mm)}`);
}
