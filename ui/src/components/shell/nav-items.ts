// The links of the drawer, the bottom bar and the dashboard tiles, read from the screens' table (screens.ts):
// each screen's row says in which of them it appears and in which place.
import type { FunctionComponent } from "react";
import { canOpen, matchRoute, routeOf, ROUTES, type Role, type RouteDef } from "../../lib/routes";
import type { Nav } from "../../screens";

/** NavItem is one link with its icon. */
export type NavItem = { href: string; label: string; icon: FunctionComponent<{ size?: number }>; testid: string };

/** testidOf is a screen's name in test ids: adminPanel is admin-panel. */
const testidOf = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** linkOf is a screen's link as the menus write it; short takes the row's short name where it has one. */
function linkOf(d: RouteDef, short = false, href = d.href ?? d.path): NavItem {
  return { href, label: (short && d.short) || d.title, icon: d.icon!, testid: testidOf(d.key) };
}

/** placed lists the screens that appear in menu (and pass keep), in their places. */
function placed(menu: keyof Nav, keep: (d: RouteDef) => boolean = () => true): RouteDef[] {
  return ROUTES.filter((d) => d.nav?.[menu] !== undefined && keep(d)).sort((a, b) => a.nav![menu]! - b.nav![menu]!);
}

const shopPeople = (d: RouteDef) => d.access === "admin" || d.access === "owner";

/** HOME_ITEM is the first link of every drawer. */
export const HOME_ITEM = linkOf(routeOf("home"));

/** GUEST_ITEMS are the drawer links of a logged-out visitor. */
export const GUEST_ITEMS: NavItem[] = placed("drawer", (d) => d.access === "public").map((d) => linkOf(d));

/** USER_ITEMS are the drawer links of a logged-in customer (customer.md §2). */
export const USER_ITEMS: NavItem[] = placed("drawer", (d) => d.access === "user").map((d) => linkOf(d));

/** ADMIN_DRAWER_ITEMS are the admin extras of the drawer (admin.md "Admin home"); forRole picks a person's own. */
export const ADMIN_DRAWER_ITEMS: NavItem[] = placed("drawer", shopPeople).map((d) => linkOf(d));

/** BOTTOM_ITEMS are the tabs of the bottom bar on small screens. */
export const BOTTOM_ITEMS: NavItem[] = placed("bottom").map((d) => linkOf(d, true));

/** HOME_TILES are the dashboard tiles every user sees. */
export const HOME_TILES: NavItem[] = placed("tiles", (d) => !shopPeople(d)).map((d) => linkOf(d));

/**
 * ADMIN_TILES are the admin tiles of the dashboard, in the no-suffix form the notes use. The admin's home shows
 * them above HOME_TILES; no icon is used twice on that screen.
 */
export const ADMIN_TILES: NavItem[] = placed("tiles", shopPeople).map((d) => linkOf(d, true, d.path.replace(/_page$/, "")));

/** forRole keeps the links to the screens someone of role may open (staff see no owner screen). */
export function forRole(items: NavItem[], role: Role | null): NavItem[] {
  return items.filter((it) => {
    const route = matchRoute(it.href);
    return !!route && canOpen(route.access, role);
  });
}
