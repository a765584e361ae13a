import { useEffect, useState } from "react";
import { getSession, subscribeSession, type Session } from "../api";

/** useSession follows the stored session (token and user info). */
export function useSession(): Session {
  const [s, set] = useState(getSession);
  useEffect(() => {
    set(getSession());
    return subscribeSession(set);
  }, []);
  return s;
}
