// The session on this phone: the tokens and the user info in localStorage under the spec's names, shared with
// every screen and every tab. api.ts reads the token for each call and stores the pairs a refresh brings.
import type { LoginAnswer, Session, User, UserInfo } from "./api-types";
import { forgetAll } from "./lib/last-known";

const KEY_TOKEN = "authToken";
const KEY_REFRESH = "refreshToken";
const KEY_USER = "userInfo";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the session lives until the tab closes
  }
}

function readUser(): UserInfo | null {
  const raw = read(KEY_USER);
  if (!raw) return null;
  try {
    const u = JSON.parse(raw);
    return u && typeof u === "object" ? (u as UserInfo) : null;
  } catch {
    return null;
  }
}

let session: Session = { token: read(KEY_TOKEN), user: readUser() };
const sessionListeners = new Set<(s: Session) => void>();
const expiredListeners = new Set<() => void>();

/** publishSession tells every listener the session as stored now (after a login, a refresh or a logout). */
export function publishSession(): void {
  session = { token: read(KEY_TOKEN), user: readUser() };
  sessionListeners.forEach((fn) => fn(session));
}

if (typeof window !== "undefined") {
  // another tab logged in or out
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === KEY_TOKEN || e.key === KEY_USER) publishSession();
  });
}

/** getSession returns the current session. */
export function getSession(): Session {
  return session;
}

/** accessToken is the stored access token at this moment (the chat socket sends it when it connects). */
export function accessToken(): string | null {
  return read(KEY_TOKEN);
}

/** subscribeSession calls fn on every change of the session; it returns the unsubscribe. */
export function subscribeSession(fn: (s: Session) => void): () => void {
  sessionListeners.add(fn);
  return () => sessionListeners.delete(fn);
}

/** onSessionExpired calls fn when a 401 could not be cured by a refresh; it returns the unsubscribe. */
export function onSessionExpired(fn: () => void): () => void {
  expiredListeners.add(fn);
  return () => expiredListeners.delete(fn);
}

/** isAdmin tells whether the user is an admin (is_admin equal to 1). */
export function isAdmin(user: UserInfo | null | undefined): boolean {
  return !!user && (user.is_admin === 1 || user.is_admin === true || String(user.is_admin) === "1");
}

function toUserInfo(u: User): UserInfo {
  return {
    id: u.id, first_name: u.first_name, last_name: u.last_name, name: u.name, is_admin: u.is_admin, role: u.role,
    must_enrol_second_factor: u.must_enrol_second_factor,
  };
}

/** saveLogin stores the tokens and the user of a successful login. */
export function saveLogin(answer: LoginAnswer): void {
  forgetAll(); // a new login never shows the figures of whoever used the phone before
  write(KEY_TOKEN, answer.accessToken);
  write(KEY_REFRESH, answer.refreshToken);
  write(KEY_USER, JSON.stringify(toUserInfo(answer.user)));
  publishSession();
}

/** saveUser refreshes the stored user info (after loading or editing the profile). */
export function saveUser(user: User): void {
  const text = JSON.stringify(toUserInfo(user));
  // the profile every page load refreshes is nearly always the one stored: telling the screens of a session
  // that did not change would draw the whole open screen again, a long task on a cheap phone (issue 41)
  if (text === read(KEY_USER)) return;
  write(KEY_USER, text);
  publishSession();
}

/** clearSession removes the tokens, the user info and the remembered balances and prices. */
export function clearSession(): void {
  forgetAll();
  write(KEY_TOKEN, null);
  write(KEY_REFRESH, null);
  write(KEY_USER, null);
  publishSession();
}

/** storedRefreshToken is the refresh token, if any. */
export function storedRefreshToken(): string | null {
  return read(KEY_REFRESH);
}

/**
 * storedPerson is who is signed in (the stored user's id), to tell whether the person changed during a call.
 * A profile refreshed meanwhile (saveUser after GET /api/users/me) is the same person: comparing the stored
 * text instead once dropped a balance answer that landed just after it, and the phone had nothing to show
 * offline.
 */
export function storedPerson(): string | null {
  const raw = read(KEY_USER);
  if (raw === null) return null;
  try {
    const id = (JSON.parse(raw) as { id?: unknown } | null)?.id;
    return id === undefined || id === null ? raw : String(id);
  } catch {
    return raw;
  }
}

/** saveTokens stores a refreshed pair; the refresh token stays when the server sends none. */
export function saveTokens(access: string, refresh?: string): void {
  write(KEY_TOKEN, access);
  if (refresh) write(KEY_REFRESH, refresh);
  publishSession();
}

/** expireSession ends a session the server no longer accepts; concurrent failures end it once. */
export function expireSession(): void {
  const had = read(KEY_TOKEN) !== null || read(KEY_REFRESH) !== null;
  clearSession();
  if (had) expiredListeners.forEach((fn) => fn());
}
