// The one place that talks to the server. It adds the bearer token of the session (session.ts), refreshes it
// once on a 401 and throws ApiError carrying the server's Persian message.

import type {
  User, UserInfo, Session, Me, LoginAnswer, SignInAnswer, SecondFactorAsked, Price, Message, RegisterForm, RegisterAnswer, Balances, WalletRequest,
  Entry, BankAccount, CustomerBalances, Dashboard, WalletFilter, BalancesFilter, MyPrices, TradeType, Quote,
  TradeAmount, PricePoint, ReferralStats, AdminPrices, Grade, AdminUser, PriceSettings, GoldTransaction,
  GoldTransactionFilter, Bar, BarForm, GoldRequest, GoldRequestFilter, ChatRoom, ChatUpload, ShopInfo, AdminShop,
  ShopForm, StaffMember, AdminRole, AuditFilter, AuditPage, Backups, Certificate, StatementPage,
  Vault, VaultItem, VaultItemForm, VaultMove, VaultOutReason, Reserves, ReservePanel, ReserveSettings, BankBalances,
  BankBalance, BankBalanceForm, StatementRange, ExportName,
  NotificationPage, NotificationsRead, NotificationSettings, PriceAlert, PriceAlerts, SmsOutbox, AlertDemand,
} from "./api-types";
import { track } from "./lib/after-idle";
import { markReachable, markUnreachable } from "./lib/connection";
import { recall, remember, type Known, type LastKnownKey, type Remembered } from "./lib/last-known";
import { accessToken, expireSession, publishSession, saveTokens, storedPerson, storedRefreshToken } from "./session";

export { accessToken, clearSession, getSession, isAdmin, onSessionExpired, saveLogin, saveUser, subscribeSession } from "./session";

export type * from "./api-types";

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
  let res: Response;
  try {
    res = await fetch(path, { method, headers: h, body: payload, credentials: "same-origin" });
  } catch {
    markUnreachable();
    throw new ApiError(0, "");
  }
  markReachable(); // any status: the shop answered
  return res;
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
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await send("POST", "/api/auth/refresh-token", { refreshToken }, {});
      if (!res.ok) return false;
      const data = (await readBody(res)) as { accessToken?: string; refreshToken?: string } | null;
      if (!data?.accessToken) return false;
      saveTokens(data.accessToken, data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * request sends one call and reads its answer; until the answer is in, what waits for the first screen waits
 * for it too (lib/after-idle.ts).
 */
export function request<T>(method: string, path: string, body?: unknown, opts: Options = {}): Promise<T> {
  return track(call<T>(method, path, body, opts));
}

async function call<T>(method: string, path: string, body: unknown, opts: Options): Promise<T> {
  const auth = opts.auth ?? true;
  const headers = (): Record<string, string> => {
    const token = auth ? accessToken() : null;
    return token ? { ...opts.headers, Authorization: `Bearer ${token}` } : { ...opts.headers };
  };
  const first = headers();
  let res = await send(method, path, body, first);
  if (res.status === 401 && first.Authorization && !opts.noRefresh) {
    if (await refreshTokens()) res = await send(method, path, body, headers());
    if (res.status === 401) {
      expireSession();
      throw new ApiError(401, SESSION_EXPIRED);
    }
  }
  const data = await readBody(res);
  if (!res.ok) throw new ApiError(res.status, messageOf(data));
  return data as T;
}

/** newIdempotencyKey makes the key a money-moving form sends, so a retried submit never moves money twice. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function idem(key?: string): Options {
  return key ? { headers: { "Idempotency-Key": key } } : {};
}

export function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** STATEMENT_PAGE is how many statement rows one page asks for. */
export const STATEMENT_PAGE = 50;

/** statementQuery asks for one page of a statement, newest first, after cursor ("" for the newest). */
export function statementQuery(cursor: string): string {
  return `?limit=${STATEMENT_PAGE}&cursor=${encodeURIComponent(cursor)}`;
}

/** uploadOnce posts a form with XMLHttpRequest, the only browser call that reports upload progress. */
function uploadOnce(path: string, form: FormData, headers: Record<string, string>, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; data: unknown }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries({ Accept: "application/json", ...headers })) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      markReachable();
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      resolve({ status: xhr.status, data });
    };
    xhr.onerror = () => {
      markUnreachable();
      resolve({ status: 0, data: null });
    };
    xhr.send(form);
  });
}

/** upload sends a multipart form with progress, refreshing the token once on a 401 like request does. */
export async function upload<T>(path: string, form: FormData, onProgress: (percent: number) => void, key?: string): Promise<T> {
  const headers = (): Record<string, string> => {
    const token = accessToken();
    const h: Record<string, string> = key ? { "Idempotency-Key": key } : {};
    if (token) h.Authorization = `Bearer ${token}`;
    return h;
  };
  const first = headers();
  let res = await uploadOnce(path, form, first, onProgress);
  if (res.status === 401 && first.Authorization) {
    if (await refreshTokens()) res = await uploadOnce(path, form, headers(), onProgress);
    if (res.status === 401) {
      expireSession();
      throw new ApiError(401, SESSION_EXPIRED);
    }
  }
  if (res.status === 0) throw new ApiError(0, "");
  if (res.status < 200 || res.status >= 300) throw new ApiError(res.status, messageOf(res.data));
  return res.data as T;
}

// ---- last known answers ----------------------------------------------------

/** remembered keeps a call's successful answer on the phone, for when the shop cannot be reached later. */
async function remembered<K extends LastKnownKey>(key: K, call: Promise<Remembered[K]>): Promise<Remembered[K]> {
  const who = storedPerson();
  const value = await call;
  // an answer that lands after a logout (or a change of user) belongs to nobody on this phone now
  if (storedPerson() === who) remember(key, value);
  return value;
}

/**
 * lastKnown is the remembered answer of key for a call that failed with err, or null. Only a network failure
 * recalls it: a refused or broken answer is an error to show, not a reason for old figures.
 */
export function lastKnown<K extends LastKnownKey>(key: K, err: unknown): Known<Remembered[K]> | null {
  return err instanceof ApiError && err.status === 0 ? recall(key) : null;
}

// ---- calls -----------------------------------------------------------------

const pub = { auth: false };

/** askedSecondFactor tells a sign-in answered with a challenge from one that signed in. */
export function askedSecondFactor(a: SignInAnswer): a is SecondFactorAsked {
  return "second_factor_required" in a;
}

/** api lists the calls the screens make. */
export const api = {
  price: () => remembered("price", request<Price>("GET", "/api/prices/prices", undefined, pub)),

  login: (phone_number: string, password: string) =>
    request<SignInAnswer>("POST", "/api/auth/login", { phone_number, password }, pub),
  requestLoginCode: (phone_number: string) =>
    request<Message & { phone_number?: string }>("POST", "/api/auth/login/request-code", { phone_number }, pub),
  /** verify spends a login code, or a sign-up code with the registration_id its register answer carried. */
  verify: (phone_number: string, code: string, registration_id?: string) =>
    request<SignInAnswer>("POST", "/api/auth/verify", registration_id ? { phone_number, code, registration_id } : { phone_number, code }, pub),
  register: (form: RegisterForm) => request<RegisterAnswer>("POST", "/api/auth/register", form, pub),
  logout: () => request<Message>("POST", "/api/auth/logout", undefined, { noRefresh: true }),

  me: () => request<Me>("GET", "/api/users/me"),

  // Notifications (issue 18): the caller's own, newest first; the bell asks for one to learn the unread count.
  notifications: (cursor = "", limit?: number) =>
    request<NotificationPage>("GET", "/api/notifications" + query({ cursor: cursor || undefined, limit: limit ? String(limit) : undefined })),
  priceAlerts: () => request<PriceAlerts>("GET", "/api/alerts"),
  addPriceAlert: (side: "buy" | "sell", price: string) =>
    request<Message & { alert: PriceAlert }>("POST", "/api/alerts", { side, price }),
  deletePriceAlert: (id: number) => request<Message>("DELETE", `/api/alerts/${id}`),
  markNotificationsRead: (which: NotificationsRead) => request<{ unread: number }>("POST", "/api/notifications/read", which),
  pushKey: () => request<{ public_key: string }>("GET", "/api/push/key"),
  savePushSubscription: (sub: PushSubscriptionJSON) => request<Message>("POST", "/api/push/subscriptions", sub),
  deletePushSubscription: (endpoint: string) => request<Message>("DELETE", "/api/push/subscriptions", { endpoint }),
  notificationSettings: () => request<NotificationSettings>("GET", "/api/users/me/notification-settings"),
  saveNotificationSettings: (s: NotificationSettings) =>
    request<Message & { settings: NotificationSettings }>("PUT", "/api/users/me/notification-settings", s),
  updateProfile: (first_name: string, last_name: string, birth_date: string) =>
    request<Message & { user?: User }>("PUT", "/api/users/update", { first_name, last_name, birth_date }),
  requestVerificationCode: (phone_number: string) =>
    request<Message>("POST", "/api/auth/request-verification-code", { phone_number }),
  verifyProfileCode: (phone_number: string, code: string) =>
    request<Message>("POST", "/api/auth/verify-profile-code", { phone_number, code }),
  changePassword: (password: string) => request<Message>("PUT", "/api/users/change-password", { password }),

  // wallet, statement and bank accounts (customer)
  balances: () => remembered("balances", request<Balances>("GET", "/api/wallet/balances")),
  deposit: (amount: string, receipt: File, onProgress: (percent: number) => void, key?: string) => {
    const form = new FormData();
    form.set("amount", amount);
    form.set("receipt", receipt);
    return upload<Message & { request: WalletRequest }>("/api/wallet/deposit", form, onProgress, key);
  },
  /**
   * withdraw asks for a payout to one of the caller's cards. To a card added in the last 24 hours the server
   * first texts a code and answers 403 (code_required); that answer resolves as {code_required: true, message},
   * and the same call with verification_code then withdraws.
   */
  withdraw: async (amount: string, bank_account_id: number, key?: string, verification_code?: string) => {
    const body = verification_code ? { amount, bank_account_id, verification_code } : { amount, bank_account_id };
    try {
      return await request<Message & { request: WalletRequest; code_required?: false }>("POST", "/api/wallet/withdraw", body, idem(key));
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) return { code_required: true as const, message: err.message };
      throw err;
    }
  },
  pendingWithdraws: () => request<WalletRequest[]>("GET", "/api/wallet/requests/pending"),
  myWalletRequests: () => request<WalletRequest[]>("GET", "/api/wallet/requests/user"),
  cancelWalletRequest: (id: number, key?: string) =>
    request<Message>("POST", `/api/wallet/requests/cancel/${id}`, undefined, idem(key)),
  /** statementRange is the caller's statement for Tehran days from..to (YYYY-MM-DD), for printing. */
  statementRange: (from: string, to: string) =>
    request<StatementRange>("GET", `/api/transactions/statement?from=${from}&to=${to}`),
  transactions: (cursor = "") => request<StatementPage>("GET", `/api/transactions/all${statementQuery(cursor)}`),
  bankAccounts: () => request<BankAccount[]>("GET", "/api/bank-accounts"),
  addBankAccount: (card_number: string, iban?: string) =>
    request<Message & { account: BankAccount }>("POST", "/api/bank-accounts", iban ? { card_number, iban } : { card_number }),
  deleteBankAccount: (id: number) => request<Message>("DELETE", `/api/bank-accounts/${id}`),

  // prices and trading (customer)
  reserves: () => request<Reserves>("GET", "/api/reserves", undefined, pub),
  priceHistory: (days: number) => request<PricePoint[]>("GET", `/api/prices/history?days=${days}`, undefined, pub),
  myPrices: () => remembered("myPrices", request<MyPrices>("GET", "/api/prices/my-prices")),
  quote: (type: TradeType, amount: TradeAmount) => request<Message & { quote: Quote }>("POST", `/api/prices/${type}`, amount),
  verifyTrade: (verification_code: string, transaction_type: TradeType, key?: string) =>
    request<Message & { transaction: Entry }>("POST", "/api/prices/verify-transaction", { verification_code, transaction_type }, idem(key)),
  referralStats: () => request<ReferralStats>("GET", "/api/referral/stats"),
  // abshodeh (customer)
  abshode: () => request<{ close: Bar[]; higher: Bar[] }>("GET", "/api/gold/abshode"),
  requestBar: (bar_id: number, key?: string) =>
    request<Message & { request: GoldRequest }>("POST", "/api/gold/request", { bar_id }, idem(key)),
  myGoldRequests: () => request<GoldRequest[]>("GET", "/api/gold/user-requests"),
  cancelGoldRequest: (id: number, key?: string) =>
    request<Message>("POST", `/api/gold/requests/cancel/${id}`, undefined, idem(key)),

  // abshodeh inventory and review (admin)
  /** bars lists the bars still in the shop, or those of one status, or "all" of them. */

  // the owner's reserve panel, the shop's bank balances and the accountant's exports (issue 17)
  reservePanel: () => request<ReservePanel>("GET", "/api/admin/reserve"),
  reserveSettings: () => request<ReserveSettings>("GET", "/api/admin/reserve-settings"),
  saveReserveSettings: (s: ReserveSettings & { confirm?: boolean }) =>
    request<Message & { settings: ReserveSettings }>("PUT", "/api/admin/reserve-settings", s),

  // support chat
  startChat: () => request<{ room_id: number }>("POST", "/api/chat/start"),
  chatRooms: () => request<ChatRoom[]>("GET", "/api/chat/admin/rooms"),
  chatUpload: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.set("file", file);
    return upload<ChatUpload>("/api/chat/upload", form, onProgress);
  },

  // the shop itself (public), and what only its owner manages
  shop: () => request<ShopInfo>("GET", "/api/shop", undefined, pub),
};

/** backupUrl is where a backup downloads from; a plain link works, as the cookie session signs it. */
export function backupUrl(name: string): string {
  return `/api/admin/backups/${encodeURIComponent(name)}`;
}

/** exportUrl is where an owner's CSV for Tehran days from..to (YYYY-MM-DD) downloads from; the cookie session signs it. */
export function exportUrl(name: ExportName, from: string, to: string): string {
  return `/api/admin/exports/${name}.csv?from=${from}&to=${to}`;
}

/** logout ends the session on the server (best effort) and clears all local storage. */
export async function logout(): Promise<void> {
  // the server forgets this phone's pushes with the login; the browser drops its subscription too, so the next
  // person to sign in here starts with the switch off
  await globalThis.navigator?.serviceWorker
    ?.getRegistration()
    .then((reg) => reg?.pushManager?.getSubscription())
    .then((sub) => sub?.unsubscribe())
    .catch(() => undefined);
  if (accessToken()) {
    // the tokens are forgotten here whatever the server says
    await api.logout().catch(() => undefined);
  }
  try {
    localStorage.clear();
  } catch {
    // nothing stored
  }
  publishSession();
}
