// The one place that talks to the server. It keeps the session (tokens and user info in
// localStorage under the spec's names), adds the bearer token, refreshes it once on a 401
// and throws ApiError carrying the server's Persian message.

/** User is the account as the server returns it. */
export type User = {
  id: number;
  first_name: string;
  last_name: string;
  name?: string;
  phone_number: string;
  national_id?: string;
  birth_date?: string;
  referral_code?: string | null;
  grade?: number;
  is_admin: number | boolean;
};

/** UserInfo is the part of the user kept in localStorage. */
export type UserInfo = Pick<User, "id" | "first_name" | "last_name" | "name" | "is_admin">;

/** Session is what the app knows about who is logged in. */
export type Session = { token: string | null; user: UserInfo | null };

/** Balance is a user's rial and gold balance as canonical strings. */
export type Balance = { balance_rial: string; balance_gold: string };

/** Me is the answer of GET /api/users/me. */
export type Me = { user: User; balance: Balance };

/** LoginAnswer is the answer of the calls that log a user in. */
export type LoginAnswer = { accessToken: string; refreshToken: string; user: User; message?: string };

/** Price is the public base price per gram in rial, null before the shop sets one. */
export type Price = { price: string | null; updated_at: string | null };

/** Message is a success answer that only carries a Persian text. */
export type Message = { message?: string };

/** RegisterForm is the body of POST /api/auth/register. */
export type RegisterForm = {
  first_name: string;
  last_name: string;
  national_id: string;
  phone_number: string;
  password: string;
  birth_date: string;
  referral_code?: string;
};

/** SESSION_EXPIRED is the text shown when the session cannot be renewed. */
export const SESSION_EXPIRED = "نشست شما منقضی شده است، لطفاً دوباره وارد شوید";
/** GENERIC_ERROR is the last fallback for a failed call. */
export const GENERIC_ERROR = "خطایی رخ داد، لطفاً دوباره تلاش کنید";
/** NETWORK_ERROR is shown when the server cannot be reached. */
export const NETWORK_ERROR = "ارتباط با سرور برقرار نشد، اتصال اینترنت را بررسی کنید";

/** ApiError is a failed call; message is the server's text, or empty when it sent none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** errorText is the text a view shows for a failure: the server's message, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.message) return err.message;
    if (err.status === 0) return NETWORK_ERROR;
  }
  return fallback;
}

// ---- session storage -------------------------------------------------------

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

function publish(): void {
  session = { token: read(KEY_TOKEN), user: readUser() };
  sessionListeners.forEach((fn) => fn(session));
}

if (typeof window !== "undefined") {
  // another tab logged in or out
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === KEY_TOKEN || e.key === KEY_USER) publish();
  });
}

/** getSession returns the current session. */
export function getSession(): Session {
  return session;
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
  return { id: u.id, first_name: u.first_name, last_name: u.last_name, name: u.name, is_admin: u.is_admin };
}

/** saveLogin stores the tokens and the user of a successful login. */
export function saveLogin(answer: LoginAnswer): void {
  write(KEY_TOKEN, answer.accessToken);
  write(KEY_REFRESH, answer.refreshToken);
  write(KEY_USER, JSON.stringify(toUserInfo(answer.user)));
  publish();
}

/** saveUser refreshes the stored user info (after loading or editing the profile). */
export function saveUser(user: User): void {
  write(KEY_USER, JSON.stringify(toUserInfo(user)));
  publish();
}

/** clearSession removes the tokens and the user info. */
export function clearSession(): void {
  write(KEY_TOKEN, null);
  write(KEY_REFRESH, null);
  write(KEY_USER, null);
  publish();
}

// ---- requests --------------------------------------------------------------

type Options = {
  /** auth sends the bearer token and turns a 401 into one refresh and retry (default true). */
  auth?: boolean;
  /** noRefresh makes a 401 a plain failure: no refresh, no session expiry (used by logout). */
  noRefresh?: boolean;
  headers?: Record<string, string>;
};

async function send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const h: Record<string, string> = { Accept: "application/json", ...headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    h["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  try {
    return await fetch(path, { method, headers: h, body: payload, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "");
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(data: unknown): string {
  const m = data && typeof data === "object" ? (data as { message?: unknown }).message : undefined;
  return typeof m === "string" ? m : "";
}

let refreshing: Promise<boolean> | null = null;

/** refreshTokens trades the refresh token for a new pair; concurrent callers share one attempt. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = read(KEY_REFRESH);
    if (!refreshToken) return false;
    try {
      const res = await send("POST", "/api/auth/refresh-token", { refreshToken }, {});
      if (!res.ok) return false;
      const data = (await readBody(res)) as { accessToken?: string; refreshToken?: string } | null;
      if (!data?.accessToken) return false;
      write(KEY_TOKEN, data.accessToken);
      if (data.refreshToken) write(KEY_REFRESH, data.refreshToken);
      publish();
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function expire(): void {
  // concurrent failures end the session once
  const had = read(KEY_TOKEN) !== null || read(KEY_REFRESH) !== null;
  clearSession();
  if (had) expiredListeners.forEach((fn) => fn());
}

async function request<T>(method: string, path: string, body?: unknown, opts: Options = {}): Promise<T> {
  const auth = opts.auth ?? true;
  const headers = (): Record<string, string> => {
    const token = auth ? read(KEY_TOKEN) : null;
    return token ? { ...opts.headers, Authorization: `Bearer ${token}` } : { ...opts.headers };
  };
  const first = headers();
  let res = await send(method, path, body, first);
  if (res.status === 401 && first.Authorization && !opts.noRefresh) {
    if (await refreshTokens()) res = await send(method, path, body, headers());
    if (res.status === 401) {
      expire();
      throw new ApiError(401, SESSION_EXPIRED);
    }
  }
  const data = await readBody(res);
  if (!res.ok) throw new ApiError(res.status, messageOf(data));
  return data as T;
}

// ---- calls -----------------------------------------------------------------

const pub = { auth: false };

/** api lists the calls the screens make. */
export const api = {
  price: () => request<Price>("GET", "/api/prices/prices", undefined, pub),

  login: (phone_number: string, password: string) =>
    request<LoginAnswer>("POST", "/api/auth/login", { phone_number, password }, pub),
  requestLoginCode: (phone_number: string) =>
    request<Message & { phone_number?: string }>("POST", "/api/auth/login/request-code", { phone_number }, pub),
  verify: (phone_number: string, code: string) =>
    request<LoginAnswer>("POST", "/api/auth/verify", { phone_number, code }, pub),
  register: (form: RegisterForm) =>
    request<Message & { phone_number?: string }>("POST", "/api/auth/register", form, pub),
  logout: () => request<Message>("POST", "/api/auth/logout", undefined, { noRefresh: true }),

  me: () => request<Me>("GET", "/api/users/me"),
  updateProfile: (first_name: string, last_name: string, birth_date: string) =>
    request<Message & { user?: User }>("PUT", "/api/users/update", { first_name, last_name, birth_date }),
  requestVerificationCode: (phone_number: string) =>
    request<Message>("POST", "/api/auth/request-verification-code", { phone_number }),
  verifyProfileCode: (phone_number: string, code: string) =>
    request<Message>("POST", "/api/auth/verify-profile-code", { phone_number, code }),
  changePassword: (password: string) => request<Message>("PUT", "/api/users/change-password", { password }),
};

/** logout ends the session on the server (best effort) and clears all local storage. */
export async function logout(): Promise<void> {
  if (read(KEY_TOKEN)) {
    // the tokens are forgotten here whatever the server says
    await api.logout().catch(() => undefined);
  }
  try {
    localStorage.clear();
  } catch {
    // nothing stored
  }
  publish();
}
