// The connection store as component state, for the banner, the not-current marks and the money buttons.
import { useEffect, useState } from "react";
import { isOffline, onConnectionChange } from "../lib/connection";

/** useOffline is true while the shop cannot be reached. */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(isOffline);
  useEffect(() => {
    setOffline(isOffline()); // the state may have changed between the render and this subscription
    return onConnectionChange(setOffline);
  }, []);
  return offline;
}
