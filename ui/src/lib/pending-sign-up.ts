// The sign-up waiting for its code, kept for the tab in sessionStorage, so a reload of the code step still
// has the registration id that POST /api/auth/verify needs to complete it (docs/api.md, register).

/** PendingSignUp is the phone a sign-up code went to and the registration id of that register answer. */
export type PendingSignUp = { phone_number: string; registration_id: string };

/** PENDING_SIGN_UP_KEY is the sessionStorage key. */
export const PENDING_SIGN_UP_KEY = "pendingSignUp";

/** KeyValueStore is the part of Storage used here. */
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function tabStorage(): KeyValueStore | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage blocked: the id lives in the screen's state only
  }
}

/** loadPendingSignUp returns the kept sign-up, or null when there is none or it is not one. */
export function loadPendingSignUp(storage = tabStorage()): PendingSignUp | null {
  try {
    const v: unknown = JSON.parse(storage?.getItem(PENDING_SIGN_UP_KEY) ?? "null");
    if (v && typeof v === "object") {
      const { phone_number, registration_id } = v as Record<string, unknown>;
      if (typeof phone_number === "string" && phone_number && typeof registration_id === "string" && registration_id) {
        return { phone_number, registration_id };
      }
    }
  } catch {
    // unreadable or not JSON: as if none
  }
  return null;
}

/** savePendingSignUp keeps p for the tab, or forgets the kept sign-up when p is null. */
export function savePendingSignUp(p: PendingSignUp | null, storage = tabStorage()): void {
  try {
    if (p) storage?.setItem(PENDING_SIGN_UP_KEY, JSON.stringify(p));
    else storage?.removeItem(PENDING_SIGN_UP_KEY);
  } catch {
    // storage full or blocked: a reload goes back to the form
  }
}
