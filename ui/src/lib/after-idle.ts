// What the first screen does not need waits until it is done: the chat socket, the live notifications and the
// bell's count start once the page has loaded and the phone's main thread is idle, so they never compete with
// the price and the screen a customer opened the shop for.

/** IDLE_TIMEOUT_MS is the longest the work waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 3000;

/** settled is set once the first load's idle moment has come: later screens of the tab wait for nothing. */
let settled = false;

/**
 * afterIdle runs fn once the page has loaded and the main thread is idle; after that first moment (a later
 * screen of the same tab: the user moved on) at once, on the next microtask. It returns the cancel.
 */
export function afterIdle(fn: () => void): () => void {
  let cancelled = false;
  if (settled) {
    queueMicrotask(() => cancelled || fn());
    return () => {
      cancelled = true;
    };
  }
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    settled = true;
    if (!cancelled) fn();
  };
  const schedule = () => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(run, 0); // Safari before 18: the page has loaded, which is the most of it
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}
