import { useEffect, useState } from "react";

/** KEYBOARD_THRESHOLD is how much the window must shrink to count as an open on-screen keyboard. */
const KEYBOARD_THRESHOLD = 120;

/** useKeyboardOpen tells whether the window height shrank by more than 120 px (an on-screen keyboard). */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const vv = window.visualViewport;
    const height = () => (vv ? vv.height : window.innerHeight);
    let full = height();
    let width = window.innerWidth;
    const check = () => {
      // a rotation or a resized desktop window sets a new full height
      if (window.innerWidth !== width) {
        width = window.innerWidth;
        full = height();
      }
      const h = height();
      if (h > full) full = h;
      setOpen(full - h > KEYBOARD_THRESHOLD);
    };
    const target: EventTarget = vv ?? window;
    target.addEventListener("resize", check);
    return () => target.removeEventListener("resize", check);
  }, []);
  return open;
}
