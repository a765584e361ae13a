import { useEffect, useRef, useState } from "react";
import { api } from "../api";

/** PRICE_POLL_MS is how often the header asks for the price. */
export const PRICE_POLL_MS = 5000;
/** PRICE_FLASH_MS is how long a price change stays green or red. */
export const PRICE_FLASH_MS = 3000;

/** GoldPrice is the live price as the header shows it. */
export type GoldPrice = {
  /** price is rial per gram as a canonical string; null before the shop sets one. */
  price: string | null;
  /** loaded is false until the first answer. */
  loaded: boolean;
  /** failed is true when the last poll failed. */
  failed: boolean;
  /** trend is "up" or "down" for 3 s after a change. */
  trend: "up" | "down" | null;
};

function compare(a: string, b: string): number {
  // canonical integer strings: longer is larger, else lexical order
  const x = a.replace(/^0+/, "");
  const y = b.replace(/^0+/, "");
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** useGoldPrice polls GET /api/prices/prices every 5 s while the page is visible. */
export function useGoldPrice(): GoldPrice {
  const [state, setState] = useState<GoldPrice>({ price: null, loaded: false, failed: false, trend: null });
  const last = useRef<string | null>(null);
  const flash = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let alive = true;
    const poll = async () => {
      if (document.visibilityState === "hidden") return;
      try {
        const { price } = await api.price();
        if (!alive) return;
        const prev = last.current;
        last.current = price;
        let trend: GoldPrice["trend"] = null;
        if (prev !== null && price !== null && prev !== price) trend = compare(price, prev) > 0 ? "up" : "down";
        if (trend) {
          clearTimeout(flash.current);
          flash.current = setTimeout(() => alive && setState((s) => ({ ...s, trend: null })), PRICE_FLASH_MS);
        }
        setState((s) => ({ price, loaded: true, failed: false, trend: trend ?? s.trend }));
      } catch {
        if (alive) setState((s) => ({ ...s, loaded: true, failed: true }));
      }
    };
    poll();
    const t = setInterval(poll, PRICE_POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      alive = false;
      clearInterval(t);
      clearTimeout(flash.current);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return state;
}
