// How a screen loads what it shows, one way for every screen: the load starts at once, only the newest
// load's answer lands (a slow answer never overwrites a newer one, nor lands on a screen already left), and a
// failed load says so.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../api";
import { toast } from "../components/ui/toast";

/** LoadOptions are what a screen may add to useLoad's one way of loading. */
export type LoadOptions<T> = {
  deps?: readonly unknown[];
  /** onData runs with each answer that lands, for a screen that derives its form from it. */
  onData?: (data: T) => void;
  /** initial is shown before the first answer (what this phone last saw, say). */
  initial?: T | null;
  /** onError runs when the newest load fails; it returns true when it has told the person itself (no toast). */
  onError?: (err: unknown) => boolean | void;
};

/**
 * useLoad runs fetchData when the screen opens (and again when deps change, or on reload). data keeps the last
 * answer; a failed load toasts the server's words or failedText (not for a 401, which ends the session with a
 * toast of its own) unless onError has told it already, and failed stays true until the next reload starts.
 * refresh loads again in the background (a poll): failed and loading stay as they are until its answer lands.
 */
export function useLoad<T>(fetchData: () => Promise<T>, failedText: string, opts: LoadOptions<T> = {}) {
  const [data, setData] = useState<T | null>(opts.initial ?? null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const newest = useRef(0);
  const latest = useRef({ fetchData, onData: opts.onData, onError: opts.onError });
  latest.current = { fetchData, onData: opts.onData, onError: opts.onError };

  // quiet is a refresh in the background: what the screen shows (failed, loading) changes only when it lands
  const run = useCallback(
    async (quiet: boolean) => {
      const mine = ++newest.current;
      if (!quiet) {
        setFailed(false);
        setLoading(true);
      }
      try {
        const answer = await latest.current.fetchData();
        if (mine !== newest.current) return;
        setData(answer);
        setFailed(false);
        latest.current.onData?.(answer);
      } catch (err) {
        if (mine !== newest.current) return;
        setFailed(true);
        if (latest.current.onError?.(err) === true) return;
        if (!(err instanceof ApiError && err.status === 401)) toast(errorText(err, failedText), "error");
      } finally {
        if (mine === newest.current) setLoading(false);
      }
    },
    [failedText],
  );
  const reload = useCallback(() => run(false), [run]);
  const refresh = useCallback(() => run(true), [run]);

  useEffect(() => void reload(), opts.deps ?? []);
  // a screen left mid-load takes no answer: the load still in flight is no longer the newest
  useEffect(() => () => void ++newest.current, []);
  return { data, setData, failed, loading, reload, refresh };
}
