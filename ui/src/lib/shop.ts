// The shop's own name and logo as the screens show them: the name the server wrote into index.html, the
// shop's answer made safe to draw, and the logo file that suits an image's size.
import type { ShopInfo } from "../api-types";
import { toLatinDigits } from "./digits";

/** DEFAULT_SHOP_NAME is a fresh install's name, and the name in the Vite dev server (no server writes it). */
export const DEFAULT_SHOP_NAME = "فروشگاه طلا";

/** NAME_PLACEHOLDER is what the server replaces in index.html with the shop's name. */
export const NAME_PLACEHOLDER = "__SHOP_NAME__";

/** shopNameFrom reads the name from `<meta name="application-name">`; the bare placeholder means the default. */
export function shopNameFrom(meta: string | null | undefined): string {
  const name = (meta ?? "").trim();
  return !name || name.includes(NAME_PLACEHOLDER) ? DEFAULT_SHOP_NAME : name;
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** TEXTS are the shop's words besides its name, phones and logo; the tax identity prints on the counter's invoices. */
const TEXTS = ["short_name", "address", "hours", "about", "licence", "economic_code", "national_id", "postal_code"] as const;

/** normalizeShop turns GET /api/shop's answer into a ShopInfo with every field present; fallbackName fills a missing name. */
export function normalizeShop(raw: unknown, fallbackName: string): ShopInfo {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const logo = text(o.logo_url);
  return {
    ...(Object.fromEntries(TEXTS.map((k) => [k, text(o[k])])) as Pick<ShopInfo, (typeof TEXTS)[number]>),
    name: text(o.name) || fallbackName,
    phones: Array.isArray(o.phones) ? o.phones.map(text).filter(Boolean) : [],
    // only a logo served by the shop itself (the CSP allows no other)
    logo_url: logo.startsWith("/") && !logo.startsWith("//") ? logo : "",
  };
}

/** emptyShop is the shop known only by its name, before its answer arrives. */
export function emptyShop(name: string): ShopInfo {
  return normalizeShop({ name }, name);
}

/** shortNameOf is the name for tight places (a phone's header): the short name, else the name. */
export function shortNameOf(shop: Pick<ShopInfo, "name" | "short_name">): string {
  return shop.short_name || shop.name;
}

/** LOGO_SIZES are the square PNGs the server makes of an uploaded logo. */
export const LOGO_SIZES = [96, 180, 192, 512] as const;

/** logoAt is the logo file for an image drawn px CSS pixels wide on a screen of two device pixels per pixel. */
export function logoAt(url: string, px: number): string {
  if (!url) return "";
  const size = LOGO_SIZES.find((s) => s >= px * 2) ?? 512;
  return url.replace(/logo-\d+\.png/, `logo-${size}.png`);
}

/** telHref is a phone number as a tel: link (digits and a leading +, in Latin digits). */
export function telHref(phone: string): string {
  const latin = toLatinDigits(phone.trim());
  return `tel:${latin.startsWith("+") ? "+" : ""}${latin.replace(/\D/g, "")}`;
}
