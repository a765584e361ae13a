import { useMemo, useState } from "react";
import { newIdempotencyKey } from "../api";

/**
 * useIdempotencyKey gives the key a money-moving form sends: one per filled form. It stays the same while
 * the form's contents (deps) stay the same, so a double tap or a retry after a lost answer moves money once;
 * it changes when the contents change, and renew makes a fresh one after a success.
 */
export function useIdempotencyKey(deps: unknown[]): [string, () => void] {
  const [round, setRound] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const key = useMemo(() => newIdempotencyKey(), [round, ...deps]);
  return [key, () => setRound((n) => n + 1)];
}
