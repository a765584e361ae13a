// How a screen loads what it shows, one way for every screen: the load starts at once, only the newest
// load's answer lands (a slow answer never overwrites a newer one), and a failed load says so.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../api";
import { toast } from "../components/toast";

/**
 * useLoad runs fetchData when the screen opens (and again when deps change, or on reload). data keeps the last
 * answer; failed is true from a failed load until the next one starts, which toasts the server's words or
 * failedText (not for a 401, which ends the session with a toast of its own). onData runs with each answer
 * that lands, for a screen that derives its form from it.
 */
export function useLoad<T>(fetchData: () => Promise<T>, failedText: string, opts: { deps?: readonly unknown[]; onData?: (data: T) => void } = {}) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const newest = useRef(0);
  const latest = useRef({ fetchData, onData: opts.onData });
  latest.current = { fetchData, onData: opts.onData };

  const reload = useCallback(async () => {
    const mine = ++newest.current;
    setFailed(false);
    setLoading(true);
    try {
      const answer = await latest.current.fetchData();
      if (mine !== newest.current) return;
      setData(answer);
      latest.current.onData?.(answer);
    } catch (err) {
      if (mine !== newest.current) return;
      setFailed(true);
      if (!(err instanceof ApiError && err.status === 401)) toast(errorText(err, failedText), "error");
    } finally {
      if (mine === newest.current) setLoading(false);
    }
  }, [failedText]);

  useEffect(() => void reload(), opts.deps ?? []);
  return { data, setData, failed, loading, reload };
}
