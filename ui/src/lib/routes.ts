// The matcher of decisions.md §8 over the screens' table (screens.ts): paths match case-insensitively and the
// "_page" suffix is optional; and who may open what.
import { ROUTES, type RouteDef, type RouteKey } from "../screens";

export { ROUTES, type RouteDef, type RouteKey };

/**
 * Access says who may open a screen: anyone, a signed-in user, the shop's staff and owners ("admin"), or
 * owners only (prices, grades, charges, the shop's settings, staff, audit, backups, the SMS outbox).
 */
export type Access = "public" | "user" | "admin" | "owner";

/** Role is what a signed-in person is to the shop (GET /api/users/me `role`). */
export type Role = "owner" | "staff" | "customer";

/**
 * roleOf reads a stored user's role. A user stored before roles existed (no role) but flagged admin counts as
 * staff until GET /api/users/me says more: the UI never offers more than the server may allow.
 */
export function roleOf(user: { role?: string | null; is_admin?: number | boolean | string | null } | null | undefined): Role | null {
  if (!user) return null;
  if (user.role === "owner" || user.role === "staff" || user.role === "customer") return user.role;
  const admin = user.is_admin === true || user.is_admin === 1 || String(user.is_admin) === "1";
  return admin ? "staff" : "customer";
}

const RANK: Record<Access, number> = { public: 0, user: 1, admin: 2, owner: 3 };
const GRANTS: Record<Role, number> = { customer: 1, staff: 2, owner: 3 };

/** canOpen tells whether someone of role (null when signed out) may open a screen of access. */
export function canOpen(access: Access, role: Role | null): boolean {
  return RANK[access] <= (role ? GRANTS[role] : 0);
}

/** normalizePath reduces a path to its matching form: no query, lower case, no trailing slash, no "_page". */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] || "/";
  try {
    p = decodeURIComponent(p);
  } catch {
    // a malformed escape stays as it is and simply matches nothing
  }
  p = p.toLowerCase().replace(/\/{2,}/g, "/");
  if (p === "/index.html") p = "/";
  if (p.length > 1) p = p.replace(/\/+$/, "");
  if (p.endsWith("_page") && p.length > "/_page".length) p = p.slice(0, -"_page".length);
  return p || "/";
}

const byPath = new Map<string, RouteDef>(ROUTES.map((d) => [normalizePath(d.path), d]));
const byKey = new Map<RouteKey, RouteDef>(ROUTES.map((d) => [d.key, d]));

/**
 * matchRoute finds the screen of a path ("/login", "/Login_page", "/register?ref=X"), or of a screen that takes
 * one more segment (the printed invoice's "/counter-invoice_page/12", whose screen reads it); null means 404.
 */
export function matchRoute(path: string): RouteDef | null {
  const exact = byPath.get(normalizePath(path));
  if (exact) return exact;
  const parent = byPath.get(normalizePath(path.split(/[?#]/)[0].replace(/\/[^/]+\/?$/, "")));
  return parent?.param ? parent : null;
}

/** routeOf returns the definition of a screen. */
export function routeOf(key: RouteKey): RouteDef {
  return byKey.get(key)!;
}

/** pathOf returns the canonical path of a screen. */
export function pathOf(key: RouteKey): string {
  return routeOf(key).path;
}
