// What a customer holds, as the signed-in home opens with it: the gold's worth at their sell price now, and how
// that worth moved since yesterday's close, both exact (BigInt rial and milligrams). The close is the last base
// price the shop set before today's midnight in Tehran; the move is the gold times the base's move since then,
// which is the sell price's move too, the customer's spread under the base being the same now as then.
import type { PricePoint } from "../api";
import { GOLD_SCALE, parseUnits } from "./ledger";
import { tehranClock } from "./tehran-clock";

/** MG_PER_GRAM is the number of milligrams in a gram. */
const MG_PER_GRAM = 1000n;

/** tehranMidnight is the instant (ms) today began in Tehran: the midnight before now on Tehran's clock. */
export function tehranMidnight(now: Date): number {
  const t = tehranClock(now);
  // Tehran's offset is whole minutes, so its seconds are the UTC ones
  return now.getTime() - ((t.hh * 60 + t.mm) * 60 + now.getUTCSeconds()) * 1000 - now.getUTCMilliseconds();
}

/**
 * closingBase is yesterday's close: of the history (any order), the price set last before midnight (ms);
 * null when the shop set its first price after it. GET /api/prices/history?days=2 carries it, with the price
 * that held when its two days began.
 */
export function closingBase(points: readonly PricePoint[], midnight: number): string | null {
  let best: { at: number; price: string } | null = null;
  for (const p of points) {
    const at = Date.parse(p.at);
    if (Number.isNaN(at) || at >= midnight || !/^\d+$/.test(p.price)) continue;
    if (!best || at > best.at) best = { at, price: p.price };
  }
  return best?.price ?? null;
}

const rial = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? BigInt(v) : null);

/** goldWorth is the rial the gold (grams) is worth at a price per gram, floored as a sale is; null without both. */
export function goldWorth(gold: string | null | undefined, price: string | null | undefined): bigint | null {
  const mg = parseUnits(gold, GOLD_SCALE);
  const p = rial(price);
  if (mg === null || p === null) return null;
  return (mg * p) / MG_PER_GRAM;
}

/**
 * worthChange is how far the gold's worth moved since the close: gold × (base now − close), in rial, cut
 * toward zero; null without a close (the shop's first price came today), a base now, or the gold.
 */
export function worthChange(gold: string | null | undefined, base: string | null | undefined, close: string | null | undefined): bigint | null {
  const mg = parseUnits(gold, GOLD_SCALE);
  const now = rial(base);
  const then = rial(close);
  if (mg === null || now === null || then === null) return null;
  return (mg * (now - then)) / MG_PER_GRAM;
}

/** Direction is which way a change went. */
export type Direction = "up" | "down" | "none";

/** changeWords writes a change as the home says it: "۵٬۰۰۰ ریال بیشتر", "… کمتر", or that it did not move. */
export function changeWords(change: bigint, format: (v: string) => string): { text: string; direction: Direction } {
  if (change === 0n) return { text: "بدون تغییر", direction: "none" };
  const up = change > 0n;
  return { text: `${format(String(up ? change : -change))} ریال ${up ? "بیشتر" : "کمتر"}`, direction: up ? "up" : "down" };
}
