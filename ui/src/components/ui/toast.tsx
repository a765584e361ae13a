// Short messages above the bottom of the screen, one at a time: a new one takes the place of the last, so an
// old error never stands beside the success that followed it. 3 s by default, longer for some errors.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";

/** ToastKind sets a toast's colour and how screen readers announce it. */
export type ToastKind = "success" | "error" | "info";

type Toast = { id: number; text: string; kind: ToastKind };

/** TOAST_MS is the default time a toast stays. */
export const TOAST_MS = 3000;

let nextId = 1;
let shown: Toast | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<(t: Toast | null) => void>();

function show(t: Toast | null) {
  shown = t;
  listeners.forEach((fn) => fn(shown));
}

/** toast shows text for ms milliseconds (3 s unless told), in place of any toast on screen. */
export function toast(text: string, kind: ToastKind = "info", ms = TOAST_MS): void {
  clearTimeout(timer);
  // the same text again keeps its toast on screen (no flicker) and restarts its time
  if (!shown || shown.text !== text || shown.kind !== kind) show({ id: nextId++, text, kind });
  timer = setTimeout(() => show(null), ms);
}

/** dismissError takes an error toast away once what it was about is over (its step succeeded or was left). */
export function dismissError(): void {
  if (shown?.kind !== "error") return;
  clearTimeout(timer);
  show(null);
}

/** Toaster renders the toast on screen; it sits once in the app, inside the router. */
export function Toaster() {
  const [current, setCurrent] = useState<Toast | null>(shown);
  const [location] = useLocation();
  useEffect(() => {
    listeners.add(setCurrent);
    return () => void listeners.delete(setCurrent);
  }, []);
  // an error belongs to the screen it came from
  useEffect(dismissError, [location]);
  return (
    <div className="toaster" aria-live="polite">
      {current && (
        <div key={current.id} className={`toast toast-${current.kind}`} role={current.kind === "error" ? "alert" : "status"} data-testid="toast">
          {current.text}
        </div>
      )}
    </div>
  );
}
