// What the first screen does not need waits until it is done: the chat socket, the live notifications and the
// bell's count start once the page has loaded and the phone's main thread is idle, so they never compete with
// the price and the screen a customer opened the shop for.

/** IDLE_TIMEOUT_MS is the longest the work waits for an idle moment after the page has loaded. */
const IDLE_TIMEOUT_MS = 3000;

/** afterIdle runs fn once the page has loaded and the main thread is idle; it returns the cancel. */
export function afterIdle(fn: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
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
