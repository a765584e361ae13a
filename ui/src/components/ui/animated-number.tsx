// Animates a rial amount from its previous value to the new one over 800 ms.
import { useEffect, useRef, useState } from "react";
import { formatRial } from "../../lib/money";

/** ANIMATION_MS is how long the number takes to reach its new value. */
export const ANIMATION_MS = 800;

/**
 * AnimatedRial shows value (a canonical integer string) grouped in Persian digits. The frames
 * in between use plain numbers only for the eye; the final frame is the exact string.
 */
export function AnimatedRial({ value }: { value: string }) {
  const [shown, setShown] = useState(value);
  const from = useRef(value);
  useEffect(() => {
    const start = Number(from.current);
    const end = Number(value);
    from.current = value;
    const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start === end || reduce) {
      setShown(value);
      return;
    }
    const t0 = performance.now();
    let frame = 0;
    const step = (t: number) => {
      const k = Math.min(1, (t - t0) / ANIMATION_MS);
      if (k >= 1) {
        setShown(value);
        return;
      }
      const eased = 1 - Math.pow(1 - k, 3);
      setShown(String(Math.round(start + (end - start) * eased)));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      setShown(value);
    };
  }, [value]);
  return <>{formatRial(shown)}</>;
}
