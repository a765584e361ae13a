// «قیمت خودکار», the owner's market feed (issue 40), as the prices screen shows it: the sources' Persian names
// and defaults, the status in words, durations as minutes (the API speaks Go durations, "5m0s"), and the form,
// checked as the server checks it and turned into the body of PUT /api/admin/price-feed.
import type { FeedPer, FeedSource, FeedState, FeedStatus, FeedUnit, FeedVerdict, PriceFeed, PriceFeedBody } from "../api-types";
import { formatPercentBp } from "./counter";
import { normalizeNumber, toLatinDigits } from "./digits";
import type { Tone } from "./labels";
import { parseUnits } from "./ledger";
import { faNumber } from "./money";

/** FEED_MESSAGES are the section's texts. */
export const FEED_MESSAGES = {
  loadFailed: "خطا در دریافت تنظیمات قیمت خودکار",
  statusFailed: "خطا در دریافت وضعیت قیمت خودکار",
  saveFailed: "خطا در ذخیره تنظیمات قیمت خودکار",
  saved: "تنظیمات قیمت خودکار ذخیره شد",
  actionFailed: "انجام نشد؛ دوباره تلاش کنید",
  url: "نشانی کامل وب بنویسید (با http یا https)، حداکثر ۵۰۰ نویسه",
  urlRequired: "برای نشانی دلخواه، نشانی پاسخ لازم است",
  pathRequired: "مسیر قیمت در پاسخ را بنویسید",
  timePathRequired: "مسیر زمان قیمت در پاسخ را بنویسید",
  text: "حداکثر ۲۰۰ نویسهٔ لاتین",
  key: "کلید حداکثر ۲۰۰ نویسهٔ لاتین و بدون فاصله است",
  margin: "درصدی بین منفی ۵۰ و ۵۰ با حداکثر دو رقم اعشار",
  marginRial: "عددی صحیح به ریال، مثبت یا منفی",
  roundTo: `عددی صحیح از ۱ تا ${faNumber("100000000")} ریال`,
  step: "درصدی بیشتر از صفر و حداکثر ۱۰۰ با دو رقم اعشار",
  minutes: "مدتی بین ۱ دقیقه و ۲۴ ساعت (۱۴۴۰ دقیقه)",
} as const;

/** FEED_SOURCES are the sources in the select, each by its Persian name. */
export const FEED_SOURCES: readonly { value: FeedSource; label: string }[] = [
  { value: "brsapi", label: "برس‌ای‌پی‌آی" },
  { value: "navasan", label: "نوسان" },
  { value: "tgju", label: "تی‌جی‌جو" },
  { value: "json", label: "نشانی دلخواه" },
];

/**
 * DEFAULT_URLS are the sources' documented calls (pricefeed's BrsAPIURL, NavasanURL, TGJUURL), the URL field's
 * placeholder after the owner switches source; the saved source's comes from the server (default_url).
 */
export const DEFAULT_URLS: Record<FeedSource, string> = {
  brsapi: "https://brsapi.ir/Api/Market/Gold_Currency.php",
  navasan: "https://api.navasan.tech/latest/",
  tgju: "https://call1.tgju.org/ajax.json",
  json: "",
};

/** DEFAULT_SYMBOLS are the items each source reads when the symbol is left empty (pricefeed's defaults). */
export const DEFAULT_SYMBOLS: Record<FeedSource, string> = { brsapi: "IR_GOLD_18K", navasan: "18ayar", tgju: "geram18", json: "" };

/** FEED_UNITS and FEED_PERS are the selects of what a json source's number is in and what it prices. */
export const FEED_UNITS: readonly { value: FeedUnit; label: string }[] = [
  { value: "rial", label: "ریال" },
  { value: "toman", label: "تومان" },
];
export const FEED_PERS: readonly { value: FeedPer; label: string }[] = [
  { value: "gram750", label: "یک گرم طلای ۱۸ عیار (۷۵۰)" },
  { value: "mithqal705", label: "مظنهٔ یک مثقال (۷۰۵)" },
];

/** takesKey: TGJU needs none; BrsAPI and Navasan take it as a parameter, a json address where it says {key}. */
export const takesKey = (s: FeedSource) => s !== "tgju";
/** takesSymbol: the three known sources read an item by its symbol; a json address a path in its answer. */
export const takesSymbol = (s: FeedSource) => s !== "json";

/** sourceName names who set a price: the owner by hand, or a source by its Persian name. */
export function sourceName(by: string | null | undefined): string {
  if (by === "manual") return "دستی";
  return FEED_SOURCES.find((s) => s.value === by)?.label ?? "قیمت خودکار";
}

/** FEED_STATES are the states in words with the badge's tone. */
export const FEED_STATES: Record<FeedState, { text: string; tone: Tone }> = {
  off: { text: "خاموش", tone: "muted" },
  ok: { text: "به‌روز", tone: "ok" },
  held: { text: "در انتظار تأیید", tone: "warn" },
  failing: { text: "با خطا", tone: "bad" },
  stale: { text: "قیمت کهنه", tone: "bad" },
};

/** feedState is a state in words; an unknown one reads as failing rather than as raw English. */
export const feedState = (s: string) => FEED_STATES[s as FeedState] ?? FEED_STATES.failing;

/** VERDICTS are what a trial fetch would do, in words. */
export const VERDICTS: Record<FeedVerdict, { text: string; tone: Tone }> = {
  apply: { text: "اعمال می‌شود", tone: "ok" },
  held: { text: "نگه داشته می‌شود تا شما تأیید کنید", tone: "warn" },
  stale: { text: "کهنه است و اعمال نمی‌شود", tone: "bad" },
  future: { text: "زمانش از ساعت فروشگاه جلوتر است و اعمال نمی‌شود", tone: "bad" },
  failed: { text: "قیمتی دریافت نشد", tone: "bad" },
};

/** verdictWords is a verdict in words, an unknown one as a failure. */
export const verdictWords = (v: string) => VERDICTS[v as FeedVerdict] ?? VERDICTS.failed;

/** pausedNow tells whether the status has a hand price pausing the feed. */
export const pausedNow = (s: FeedStatus, now: number = Date.now()) => !!s.paused_until && Date.parse(s.paused_until) > now;

// ---- durations --------------------------------------------------------------------------------------

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1 };

/** durationSeconds reads a Go duration of hours, minutes and whole seconds ("1h30m0s", "5m", "90s"); null otherwise. */
export function durationSeconds(go: string): number | null {
  const s = go.trim();
  if (!/^(\d+[hms])+$/.test(s)) return null;
  let total = 0;
  for (const [, n, unit] of s.matchAll(/(\d+)([hms])/g)) total += Number(n) * UNIT_SECONDS[unit];
  return total;
}

/** durationMinutes shows a Go duration as minutes, as typed: "5m0s" is "5", "1h0m0s" "60", "90s" "1.5"; "" when unreadable. */
export function durationMinutes(go: string): string {
  const sec = durationSeconds(go);
  if (sec === null) return "";
  if (sec % 60 === 0) return String(sec / 60);
  // hundredths of a minute, as the field takes them (a duration the form did not write may not be exact)
  const hundredths = Math.round((sec * 100) / 60);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`.replace(/0+$/, "");
}

/** MINUTES_MAX is a day, the longest duration the API takes; a minute is the shortest. */
export const MINUTES_MAX = 1440;

/**
 * minutesDuration writes typed minutes as the Go duration the API takes: "5" is "5m", "1.5" "90s"; null when it
 * is no number of whole seconds between a minute and a day.
 */
export function minutesDuration(typed: string): string | null {
  const v = normalizeNumber(typed.trim());
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  const hundredths = parseUnits(v, 2);
  if (hundredths === null || (hundredths * 60n) % 100n !== 0n) return null;
  const sec = (hundredths * 60n) / 100n;
  if (sec < 60n || sec > BigInt(MINUTES_MAX * 60)) return null;
  return sec % 60n === 0n ? `${sec / 60n}m` : `${sec}s`;
}

// ---- the form ---------------------------------------------------------------------------------------

/**
 * sanitizeFigure keeps what may be typed as a figure: digits (any script, made Latin), one point ("." "/" "٫")
 * with at most scale decimals (a leading point gets a zero), and, when signed, a leading minus.
 */
export function sanitizeFigure(raw: string, scale: number, signed = false): string {
  const t = toLatinDigits(raw.trim());
  const negative = signed && /^[-−]/.test(t);
  let v = normalizeNumber(t);
  const dot = v.indexOf(".");
  if (dot >= 0) v = v.slice(0, scale > 0 ? dot + 1 + scale : dot);
  if (v.startsWith(".")) v = `0${v}`;
  return (negative ? "-" : "") + v;
}

/** FeedForm is what the owner types: figures as typed (Latin digits), durations in minutes, the key only if typed. */
export type FeedForm = {
  enabled: boolean;
  source: FeedSource;
  url: string;
  /** key is a new key typed; dropKey forgets the kept one on save */
  key: string;
  dropKey: boolean;
  symbol: string;
  path: string;
  unit: FeedUnit;
  per: FeedPer;
  timePath: string;
  marginPercent: string;
  marginRial: string;
  roundTo: string;
  every: string;
  maxStep: string;
  maxAge: string;
  alertAfter: string;
  manualHold: string;
  outsideHours: boolean;
};

/** FeedErrors holds one message per refused field. */
export type FeedErrors = Partial<Record<keyof FeedForm, string>>;

const plain = (p: string) => (p.includes(".") ? p.replace(/0+$/, "").replace(/\.$/, "") : p);

/** feedFormOf fills the form from the saved settings. */
export function feedFormOf(f: PriceFeed): FeedForm {
  return {
    enabled: f.enabled, source: FEED_SOURCES.some((s) => s.value === f.source) ? f.source : "brsapi", url: f.url ?? "", key: "", dropKey: false,
    symbol: f.symbol ?? "", path: f.path ?? "", unit: f.unit === "toman" ? "toman" : "rial", per: f.per === "mithqal705" ? "mithqal705" : "gram750",
    timePath: f.time_path ?? "", marginPercent: plain(f.margin_percent ?? "0") === "0" ? "" : plain(f.margin_percent ?? ""),
    marginRial: f.margin_rial ? String(f.margin_rial) : "", roundTo: f.round_to ? String(f.round_to) : "",
    every: durationMinutes(f.every ?? ""), maxStep: plain(f.max_step_percent ?? ""), maxAge: durationMinutes(f.max_age ?? ""),
    alertAfter: durationMinutes(f.alert_after ?? ""), manualHold: durationMinutes(f.manual_hold ?? ""), outsideHours: f.outside_hours,
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function checkUrl(url: string): boolean {
  if (url.length > 500) return false;
  try {
    const u = new URL(url);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.host && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** signedBp reads a signed percent (two decimals at most) as hundredths; null when it is none. */
function signedBp(typed: string): bigint | null {
  const t = typed.trim();
  if (!t) return 0n;
  const m = /^(-?)(\d+(\.\d{1,2})?)$/.exec(t);
  const bp = m ? parseUnits(m[2], 2) : null;
  return bp === null ? null : m![1] ? -bp : bp;
}

/**
 * checkFeedForm checks the form as the server does and returns the body: a json address needs its URL, the
 * price's path and its time's path; percents "1.50" (a margin may be negative), rial whole numbers, durations
 * Go strings; empty fields are sent empty and take the server's defaults. The key goes only when typed, or as
 * "" when the owner chose to forget it.
 */
export function checkFeedForm(f: FeedForm): { body: PriceFeedBody | null; errors: FeedErrors } {
  const errors: FeedErrors = {};
  const json = f.source === "json";
  const url = f.url.trim();
  if (url && !checkUrl(url)) errors.url = FEED_MESSAGES.url;
  else if (json && !url) errors.url = FEED_MESSAGES.urlRequired;
  const text = (key: "symbol" | "path" | "timePath") => {
    const v = f[key].trim();
    if (v.length > 200 || CONTROL.test(v)) errors[key] = FEED_MESSAGES.text;
    return v;
  };
  const symbol = takesSymbol(f.source) ? text("symbol") : "";
  const path = json ? text("path") : "";
  const timePath = json ? text("timePath") : "";
  if (json && !path && !errors.path) errors.path = FEED_MESSAGES.pathRequired;
  if (json && !timePath && !errors.timePath) errors.timePath = FEED_MESSAGES.timePathRequired;
  const key = f.key.trim();
  if (key && (key.length > 200 || /\s/.test(key) || CONTROL.test(key))) errors.key = FEED_MESSAGES.key;

  const margin = signedBp(f.marginPercent);
  if (margin === null || margin < -5000n || margin > 5000n) errors.marginPercent = FEED_MESSAGES.margin;
  const marginRial = f.marginRial.trim();
  if (marginRial && !/^-?\d{1,15}$/.test(marginRial)) errors.marginRial = FEED_MESSAGES.marginRial;
  const roundTo = f.roundTo.trim();
  if (roundTo && (!/^\d{1,9}$/.test(roundTo) || Number(roundTo) < 1 || Number(roundTo) > 100_000_000)) errors.roundTo = FEED_MESSAGES.roundTo;
  const step = f.maxStep.trim();
  const stepBp = step ? signedBp(step) : 1n;
  if (stepBp === null || stepBp <= 0n || stepBp > 10_000n) errors.maxStep = FEED_MESSAGES.step;
  const minutes = (k: "every" | "maxAge" | "alertAfter" | "manualHold") => {
    const v = f[k].trim();
    if (!v) return "";
    const d = minutesDuration(v);
    if (d === null) errors[k] = FEED_MESSAGES.minutes;
    return d ?? "";
  };
  const every = minutes("every");
  const maxAge = minutes("maxAge");
  const alertAfter = minutes("alertAfter");
  const manualHold = minutes("manualHold");
  if (Object.keys(errors).length) return { body: null, errors };

  const body: PriceFeedBody = {
    enabled: f.enabled, source: f.source, url, symbol, path, unit: f.unit, per: f.per, time_path: timePath,
    margin_percent: margin! < 0n ? `-${formatPercentBp(-margin!)}` : formatPercentBp(margin!),
    margin_rial: marginRial.replace(/^(-?)0+(?=\d)/, "$1"), round_to: roundTo, every,
    max_step_percent: step ? formatPercentBp(stepBp!) : "", max_age: maxAge, alert_after: alertAfter, manual_hold: manualHold,
    outside_hours: f.outsideHours,
  };
  // a key typed before switching to a source that takes none is not sent
  if (key && takesKey(f.source)) body.key = key;
  else if (f.dropKey) body.key = "";
  return { body, errors };
}
