// The counter's figures from the server (issue 38): the lines are priced by POST /api/admin/counter/price a
// moment after they stop changing, and only the answer for the lines now on the screen counts (a slow answer
// for older lines never lands over a newer one). The screen shows its own figures (lib/counter.ts) meanwhile.
import { useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../api";
import { counterApi } from "../api-counter";
import type { CounterLinesBody, CounterPriced } from "../api-types";

/** PRICE_DELAY_MS is how long the lines must rest before they are priced: a typed figure, not each key. */
export const PRICE_DELAY_MS = 350;

/** CounterPrice is the server's answer for the lines of key, or why it refused them. */
export type CounterPrice = { key: string; priced: CounterPriced | null; error: string };

/**
 * useCounterPrice prices body (null while the lines cannot be sent, or there are none) and returns the newest
 * answer with the key of the body it answers, so the screen can tell whether it is the answer for what it
 * shows; pending is true while the lines on screen wait for their answer.
 */
export function useCounterPrice(body: CounterLinesBody | null): CounterPrice & { pending: boolean } {
  const key = body ? JSON.stringify(body) : "";
  const [answer, setAnswer] = useState<CounterPrice>({ key: "", priced: null, error: "" });
  const asked = useRef("");
  useEffect(() => {
    asked.current = key;
    if (!body) return;
    const timer = setTimeout(() => {
      counterApi.price(body).then(
        (priced) => asked.current === key && setAnswer({ key, priced, error: "" }),
        (err) => {
          if (asked.current !== key || (err instanceof ApiError && err.status === 401)) return;
          setAnswer({ key, priced: null, error: errorText(err, "خطا در محاسبه فاکتور") });
        },
      );
    }, PRICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return { ...answer, pending: !!body && answer.key !== key };
}
