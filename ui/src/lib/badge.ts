import { toFaDigits } from "./digits";

/** badgeText caps an unread count at 99+ in Persian digits; zero or less gives "" (no badge). */
export function badgeText(count: number): string {
  if (!(count > 0)) return "";
  return count > 99 ? "۹۹+" : toFaDigits(Math.floor(count));
}
