// The shop as every screen shows it, from one shared fetch of GET /api/shop. The name is known before any
// fetch: the server wrote it into index.html's <meta name="application-name">, so the first paint already
// carries it (no flash, no shift). The last answer is kept in localStorage, so a returning visitor sees the
// shop's logo from the first paint too; the owner's save puts its answer here at once.
import { useEffect, useState } from "react";
import { api, type ShopInfo } from "../api";
import { emptyShop, normalizeShop, shopNameFrom } from "../lib/shop";

const CACHE_KEY = "shopInfo";

function metaName(): string {
  if (typeof document === "undefined") return shopNameFrom(null);
  return shopNameFrom(document.querySelector('meta[name="application-name"]')?.getAttribute("content"));
}

/** metaShortName is the short name the server wrote beside the name ("" where it wrote the name itself). */
function metaShortName(name: string): string {
  if (typeof document === "undefined") return "";
  const short = (document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute("content") ?? "").trim();
  return !short || short === name || short.includes("__") ? "" : short;
}

function initial(): ShopInfo {
  const name = metaName();
  const page = { ...emptyShop(name), short_name: metaShortName(name) };
  try {
    const cached = normalizeShop(JSON.parse(localStorage.getItem(CACHE_KEY) ?? "null"), name);
    // a cache of another name is older than the page: trust the page
    return cached.name === name ? { ...cached, short_name: page.short_name } : page;
  } catch {
    return page;
  }
}

// read on first use, not at import: the module stays free of side effects
let known: ShopInfo | null = null;
const current = () => (known ??= initial());
let asked = false;
const listeners = new Set<(s: ShopInfo) => void>();

/** setShop shows a new answer of the shop's settings on every screen at once. */
export function setShop(raw: unknown): void {
  const shop = (known = normalizeShop(raw, current().name));
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(shop));
  } catch {
    // no storage: the next load fetches again
  }
  listeners.forEach((fn) => fn(shop));
}

/** refreshShop fetches GET /api/shop again; a failure keeps what is shown. */
function refreshShop(): Promise<void> {
  asked = true;
  return api.shop().then(setShop, () => undefined);
}

/** useShop follows the shop's public settings, fetching them once per page load. */
export function useShop(): ShopInfo {
  const [shop, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    set(current());
    if (!asked) void refreshShop();
    return () => void listeners.delete(set);
  }, []);
  return shop;
}
