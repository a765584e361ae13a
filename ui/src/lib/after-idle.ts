// What the first screen does not need waits until that screen is usable (issue 41), in two waves, so it never
// competes with the price, the balances and the form a customer opened the shop for:
// - afterIdle: a screen's own late parts (the home card's sparkline, the trade's code step and limit line, the
//   wallet's withdraw tab) once the page has loaded, nothing the first screen asked for is still on its way
//   (track: the API's answers, the code lazy() loads) and the main thread is idle;
// - inBackground: the app's own work (the chat socket, the live notifications and the bell's count, the service
//   worker, the refreshed user) after that wave, once nothing has been on its way for BACKGROUND_QUIET_MS. The
//   socket's code is the largest single piece of work a signed-in page runs; on a cheap phone it would land on
//   the customer's first taps.
// Each waiting function runs in an idle moment of its own, so no two of them make one long task.

/** IDLE_TIMEOUT_MS is the longest a wave waits for an idle moment once the page is quiet. */
const IDLE_TIMEOUT_MS = 3000;
/**
 * STEP_TIMEOUT_MS is the longest each function of a wave that has come waits for an idle moment of its own:
 * short, since on a busy phone idle moments are rare and the wave's functions (the live notifications among
 * them) would otherwise wait seconds each, one after another.
 */
const STEP_TIMEOUT_MS = 250;
/** BACKGROUND_QUIET_MS is how long nothing of the first screen is on its way before the background starts. */
export const BACKGROUND_QUIET_MS = 300;
/** LONGEST_WAIT_MS bounds the wait after the load event: an answer that never comes holds nothing back for good. */
const LONGEST_WAIT_MS = 15_000;

type Phase = "screen" | "background" | "done";

/** phase is the wave waited for: the screen's late parts, the background, or none (everything runs at once). */
let phase: Phase = "screen";
let started = false;
/** inFlight counts the answers and code the page is waiting for (track). */
let inFlight = 0;
/** forced is set once LONGEST_WAIT_MS has passed after the load event: the waves stop waiting for quiet. */
let forced = false;
const waiting: Record<Exclude<Phase, "done">, Set<() => void>> = { screen: new Set(), background: new Set() };
/** recheck is the current wave's look at whether the page is quiet; track calls it when the last answer is in. */
let recheck: (() => void) | null = null;

/**
 * track counts work as on its way until it settles, so the waves wait for it: api.ts passes every request,
 * lazy() its code. It returns work itself.
 */
export function track<T>(work: Promise<T>): Promise<T> {
  if (phase === "done") return work;
  inFlight++;
  recheck?.();
  const done = () => {
    inFlight--;
    if (inFlight === 0) recheck?.();
  };
  work.then(done, done);
  return work;
}

/** afterIdle runs fn once the first screen is usable (above); on a later screen at once. It returns the cancel. */
export function afterIdle(fn: () => void): () => void {
  return wait("screen", fn);
}

/** inBackground runs fn after the first screen's late parts and a quiet moment (above). It returns the cancel. */
export function inBackground(fn: () => void): () => void {
  return wait("background", fn);
}

function wait(wave: Exclude<Phase, "done">, fn: () => void): () => void {
  if (phase === "done" || (wave === "screen" && phase === "background")) {
    let cancelled = false;
    queueMicrotask(() => cancelled || fn());
    return () => void (cancelled = true);
  }
  waiting[wave].add(fn);
  start();
  return () => void waiting[wave].delete(fn);
}

function start(): void {
  if (started) return;
  started = true;
  const loaded = () => {
    setTimeout(() => {
      forced = true;
      recheck?.();
    }, LONGEST_WAIT_MS);
    whenQuiet(0, () => drain("screen", () => whenQuiet(BACKGROUND_QUIET_MS, () => drain("background", () => undefined))));
  };
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded, { once: true });
}

/**
 * whenQuiet calls then once nothing has been on its way for holdMs and the main thread is idle; work that starts
 * meanwhile starts the wait again.
 */
function whenQuiet(holdMs: number, then: () => void): void {
  let turn = 0;
  let hold: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const mine = ++turn;
    clearTimeout(hold);
    if (inFlight > 0 && !forced) return; // the last answer in calls check again
    hold = setTimeout(() => whenIdle(IDLE_TIMEOUT_MS, () => {
      if (mine !== turn || (inFlight > 0 && !forced)) return;
      recheck = null;
      then();
    }), forced ? 0 : holdMs);
  };
  recheck = check;
  check();
}

/** drain runs the wave's functions, each in an idle moment of its own, then moves to the next wave and calls next. */
function drain(wave: Exclude<Phase, "done">, next: () => void): void {
  // from here a new call of this wave runs at once (wait), so the set only shrinks: run or cancelled
  phase = wave === "screen" ? "background" : "done";
  const step = () => {
    const [fn] = waiting[wave];
    if (!fn) return next();
    waiting[wave].delete(fn);
    try {
      fn();
    } finally {
      onIdle(step);
    }
  };
  onIdle(step);
}

/**
 * onIdle runs fn in the main thread's next idle moment, as a task of its own: a piece of background work that
 * would make one long task with what came before it (a module's evaluation, then its start) is split so.
 */
export function onIdle(fn: () => void): void {
  whenIdle(STEP_TIMEOUT_MS, fn);
}

function whenIdle(timeout: number, fn: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 0); // Safari before 18: the page has loaded, which is the most of it
}
