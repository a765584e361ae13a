// The price feed's status while the prices screen is open (issue 40): asked every 20 s while the page is
// visible, and every 2 s for a little while after the owner changed something (a save or a resume wakes the
// server's job, which fetches at once), until the job's fetch shows. A new base price in it, set by the feed or
// by the owner's word, is told to the screen, which reloads its price card, grades and chart.
import { useEffect, useRef, useState } from "react";
import { feedApi } from "../api-price-feed";
import type { FeedStatus } from "../api-types";
import { FEED_MESSAGES } from "../lib/price-feed";
import { useLoad } from "./use-load";

/** FEED_POLL_MS is the status's cadence while the screen is open. */
export const FEED_POLL_MS = 20_000;
/** SOON_MS and SOON_TRIES are the quick asks after a change: every 2 s, at most ten times. */
const SOON_MS = 2000;
const SOON_TRIES = 10;

/** useFeedStatus is the status, refresh to ask now, and soon to watch for the job's next fetch. */
export function useFeedStatus(onNewPrice: () => void) {
  const seen = useRef<string | null>(null);
  const { data, failed, reload, refresh } = useLoad(() => feedApi.status(), FEED_MESSAGES.statusFailed, {
    onData: (s: FeedStatus) => {
      const price = `${s.applied_price} ${s.applied_at}`;
      if (seen.current !== null && seen.current !== price) onNewPrice();
      seen.current = price;
    },
    // a poll that fails says so once, on the screen, not in a toast every 20 s
    onError: () => seen.current !== null,
  });
  const [watch, setWatch] = useState<{ since: string | null; left: number } | null>(null);

  useEffect(() => {
    const t = setInterval(() => document.visibilityState === "visible" && void refresh(), FEED_POLL_MS);
    return () => clearInterval(t);
  }, [refresh]);

  useEffect(() => {
    if (!watch) return;
    if (watch.left <= 0 || (data && data.last_fetch_at !== watch.since)) return setWatch(null);
    const t = setTimeout(() => {
      void refresh();
      setWatch((w) => w && { ...w, left: w.left - 1 });
    }, SOON_MS);
    return () => clearTimeout(t);
  }, [watch, data]);

  /** soon watches for the job's next fetch after a change the server answered. */
  const soon = () => setWatch({ since: data?.last_fetch_at ?? null, left: SOON_TRIES });
  return { status: data, failed, reload, refresh, soon };
}
