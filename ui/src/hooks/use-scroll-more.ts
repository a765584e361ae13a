// Loading the next page of a long list when its end scrolls into view.
import { useEffect, useRef } from "react";

/**
 * useScrollMore returns a ref for an element at the end of a list; while hasMore and not loading, more runs
 * each time that element comes within a screen of the viewport (or of the scrolling root, in a modal).
 */
export function useScrollMore<T extends Element>(hasMore: boolean, loading: boolean, more: () => unknown) {
  const ref = useRef<T>(null);
  const latest = useRef(more);
  latest.current = more;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((items) => items.some((i) => i.isIntersecting) && void latest.current(), {
      rootMargin: "0px 0px 100% 0px",
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasMore, loading]);
  return ref;
}
