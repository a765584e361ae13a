import { useCallback, useEffect, useState } from "react";

/** useCountdown counts seconds down to zero once started; restart(n) starts it again. */
export function useCountdown(): { left: number; restart: (seconds?: number) => void } {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const t = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= endsAt) clearInterval(t);
    }, 250);
    return () => clearInterval(t);
  }, [endsAt]);
  const restart = useCallback((seconds = 60) => {
    const n = Date.now();
    setNow(n);
    setEndsAt(n + seconds * 1000);
  }, []);
  return { left: Math.max(0, Math.ceil((endsAt - now) / 1000)), restart };
}
