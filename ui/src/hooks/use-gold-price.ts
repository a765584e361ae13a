// The one source of the live gold price: a single poll of GET /api/prices/prices every 5 s, shared by the
// header, the home price card and the trade page, so that no two of them can show different prices.
import { useEffect, useState } from "react";
import { api, lastKnown } from "../api";
import { recall } from "../lib/last-known";
import { useOffline } from "./use-offline";

/** PRICE_POLL_MS is how often the price is asked for while someone shows it. */
export const PRICE_POLL_MS = 5000;
/** PRICE_FLASH_MS is how long a price change stays green or red. */
export const PRICE_FLASH_MS = 3000;

/** GoldPrice is the live base price. */
export type GoldPrice = {
  /** price is rial per gram as a canonical string; null before the shop sets one. */
  price: string | null;
  /** updatedAt is when the shop set it (RFC 3339); null before the shop sets one. */
  updatedAt: string | null;
  /** fresh is false when the price is older than the shop's maximum age: trading waits for a new one. */
  fresh: boolean;
  /** loaded is false until the first answer. */
  loaded: boolean;
  /** failed is true when the last poll failed. */
  failed: boolean;
  /** trend is "up" or "down" for 3 s after a change. */
  trend: "up" | "down" | null;
  /** receivedAt is when the shown answer reached this phone (ms); null before any. */
  receivedAt: number | null;
  /** recalled is true while the shown price is the one remembered from an earlier visit, none live yet. */
  recalled: boolean;
};

const INITIAL: GoldPrice = {
  price: null, updatedAt: null, fresh: false, loaded: false, failed: false, trend: null, receivedAt: null, recalled: false,
};

/**
 * startingPrice is the price this phone last saw, shown (marked as not current) from the very first paint
 * until the first answer replaces it, instead of a blank card; a first visit starts blank.
 */
function startingPrice(): GoldPrice {
  const known = recall("price");
  if (!known) return INITIAL;
  return { ...INITIAL, price: known.value.price, updatedAt: known.value.updated_at, receivedAt: known.at, recalled: true };
}

let current = startingPrice();
const listeners = new Set<(p: GoldPrice) => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let flash: ReturnType<typeof setTimeout> | undefined;

function compare(a: string, b: string): number {
  // canonical integer strings: longer is larger, else lexical order
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

function publish(next: GoldPrice) {
  current = next;
  listeners.forEach((fn) => fn(current));
}

/** refreshGoldPrice asks for the price now, e.g. right after the shop has set a new one. */
export async function refreshGoldPrice(): Promise<void> {
  if (document.visibilityState === "hidden") return;
  try {
    const { price, updated_at, is_price_fresh } = await api.price();
    const prev = current.price;
    let trend = current.trend;
    if (prev !== null && price !== null && prev !== price && !current.recalled) {
      trend = compare(price, prev) > 0 ? "up" : "down";
      clearTimeout(flash);
      flash = setTimeout(() => publish({ ...current, trend: null }), PRICE_FLASH_MS);
    }
    publish({ price, updatedAt: updated_at, fresh: is_price_fresh, loaded: true, failed: false, trend, receivedAt: Date.now(), recalled: false });
  } catch (err) {
    // with nothing live yet and no connection, the remembered price stands in; fresh is false, as nothing
    // may be traded on it
    const known = current.receivedAt === null || current.recalled ? lastKnown("price", err) : null;
    if (known) {
      const { price, updated_at } = known.value;
      publish({ ...INITIAL, price, updatedAt: updated_at, loaded: true, failed: true, receivedAt: known.at, recalled: true });
    } else if (current.recalled) {
      // a refused or broken answer is an error to show, not a reason for the remembered price
      publish({ ...INITIAL, loaded: true, failed: true });
    } else publish({ ...current, loaded: true, failed: true });
  }
}

function onVisible() {
  if (document.visibilityState === "visible") void refreshGoldPrice();
}

function subscribe(fn: (p: GoldPrice) => void): () => void {
  listeners.add(fn);
  if (listeners.size === 1) {
    void refreshGoldPrice();
    timer = setInterval(() => void refreshGoldPrice(), PRICE_POLL_MS);
    document.addEventListener("visibilitychange", onVisible);
  }
  return () => {
    listeners.delete(fn);
    if (listeners.size > 0) return;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

/** useGoldPrice is the live price; every component using it sees the same answer of the same poll. */
export function useGoldPrice(): GoldPrice & { notCurrentAt: number | null } {
  const [state, setState] = useState<GoldPrice>(current);
  const offline = useOffline();
  useEffect(() => {
    setState(current); // an answer may have come between the render and this subscription
    return subscribe(setState);
  }, []);
  // notCurrentAt is when the shown price arrived, while it cannot be taken as current (offline or remembered)
  const notCurrentAt = state.price !== null && (offline || state.recalled) ? state.receivedAt : null;
  return { ...state, notCurrentAt };
}
