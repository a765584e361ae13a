// Short messages at the top of the screen: 3 s by default, longer for some errors.
import { useEffect, useState } from "react";

/** ToastKind sets a toast's colour and how screen readers announce it. */
export type ToastKind = "success" | "error" | "info";

type Toast = { id: number; text: string; kind: ToastKind };

/** TOAST_MS is the default time a toast stays. */
export const TOAST_MS = 3000;

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<(t: Toast[]) => void>();

function emit() {
  listeners.forEach((fn) => fn(toasts));
}

/** toast shows text for ms milliseconds (3 s unless told). */
export function toast(text: string, kind: ToastKind = "info", ms = TOAST_MS): void {
  // the same text twice in a row shows once
  if (toasts.some((t) => t.text === text && t.kind === kind)) return;
  const t = { id: nextId++, text, kind };
  toasts = [...toasts, t].slice(-3);
  emit();
  setTimeout(() => {
    toasts = toasts.filter((x) => x.id !== t.id);
    emit();
  }, ms);
}

/** Toaster renders the current toasts; it sits once at the top of the app. */
export function Toaster() {
  const [list, setList] = useState<Toast[]>(toasts);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div className="toaster" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"} data-testid="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
