import { useEffect, useState } from "react";

/** useMediaQuery tells whether a CSS media query matches now, following changes (rotation, resize). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => setMatches(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/** NARROW_LIST is where the admin lists turn from tables into cards (admin.md §9: 768 px for lists). */
export const NARROW_LIST = "(max-width: 767.98px)";
