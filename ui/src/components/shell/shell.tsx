// The shared layout: header with the live price, right-side drawer, content, footer and
// on small screens a bottom tab bar.
import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { isAdmin, logout } from "../../api";
import { useChatUnread } from "../../hooks/use-chat-unread";
import { useNotificationCount } from "../../hooks/use-notification-count";
import { useKeyboardOpen } from "../../hooks/use-keyboard-open";
import { useSession } from "../../hooks/use-session";
import { useShop } from "../../hooks/use-shop";
import { toFaDigits } from "../../lib/digits";
import { bellLabel } from "../../lib/notifications";
import { matchRoute, roleOf, type RouteKey } from "../../lib/routes";
import { shortNameOf } from "../../lib/shop";
import { jalaliYear } from "../../lib/tehran-clock";
import { HeaderPrice } from "../trade/header-price";
import { BellIcon, CloseIcon, LogoutIcon, MenuIcon, SupportIcon } from "../ui/icons";
import { ShopLogo } from "./logo";
import { OfflineBanner } from "./offline-banner";
import { ADMIN_DRAWER_ITEMS, BOTTOM_ITEMS, GUEST_ITEMS, HOME_ITEM, USER_ITEMS, forRole, type NavItem } from "./nav-items";
import { toast } from "../ui/toast";
import { UnreadBadge } from "../chat/unread-badge";

function keyOf(href: string): RouteKey | null {
  return matchRoute(href)?.key ?? null;
}

/** Shell wraps every screen except the two chat pages. */
export function Shell({ current, children }: { current: RouteKey | null; children: ReactNode }) {
  const [drawer, setDrawer] = useState(false);
  const keyboard = useKeyboardOpen();
  const [location] = useLocation();
  useEffect(() => setDrawer(false), [location]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        رفتن به محتوای اصلی
      </a>
      <Header onMenu={() => setDrawer(true)} />
      <Drawer open={drawer} current={current} onClose={() => setDrawer(false)} />
      <main id="main" className="main" tabIndex={-1}>
        <OfflineBanner />
        {children}
      </main>
      <Footer />
      {!keyboard && <BottomBar current={current} />}
    </div>
  );
}

function Header({ onMenu }: { onMenu: () => void }) {
  const { user } = useSession();
  const unread = useChatUnread();
  const notices = useNotificationCount();
  const shop = useShop();
  const chat = isAdmin(user) ? "/admin-chat_page" : "/chat_page";
  return (
    <header className="header">
      <div className="header-inner">
        <div className="header-side">
          <button type="button" className="icon-btn" onClick={onMenu} aria-label="باز کردن منو" data-testid="menu-button">
            <MenuIcon />
          </button>
          {/* the name on a wide screen, the short name under the logo on a phone */}
          <Link href="/" className="logo-link" aria-label={`${shop.name}، صفحه اصلی`} data-testid="logo-link">
            <ShopLogo size={34} />
            <span className="logo-text" data-testid="header-name">
              {shop.name}
            </span>
            <span className="logo-short">
              <span data-testid="header-short-name">{shortNameOf(shop)}</span>
            </span>
          </Link>
        </div>
        <HeaderPrice />
        <div className="header-side header-end">
          {user && (
            <Link href="/notifications_page" className="icon-btn support-link" aria-label={bellLabel(notices.unread)} data-testid="bell-link" data-live={notices.live}>
              <BellIcon />
              <UnreadBadge count={notices.unread} />
            </Link>
          )}
          <Link href={chat} className="icon-btn support-link" aria-label="پشتیبانی" data-testid="support-link">
            <SupportIcon />
            <UnreadBadge count={unread} />
          </Link>
        </div>
      </div>
    </header>
  );
}

function Drawer({ open, current, onClose }: { open: boolean; current: RouteKey | null; onClose: () => void }) {
  const shop = useShop();
  const [, navigate] = useLocation();
  const panel = useRef<HTMLElement>(null);
  const opener = useRef<Element | null>(null);
  // the menu's links are drawn the first time it opens, not on every page's first paint
  const drawn = useRef(false);
  drawn.current ||= open;

  useEffect(() => {
    if (!open) return;
    opener.current = document.activeElement;
    panel.current?.querySelector<HTMLElement>("a,button")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    document.body.classList.add("no-scroll");
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("no-scroll");
      (opener.current as HTMLElement | null)?.focus?.();
    };
  }, [open]);

  const doLogout = async () => {
    onClose();
    await logout();
    toast("از حساب کاربری خارج شدید", "info");
    navigate("/login_page");
  };

  return (
    <div className={`drawer-root${open ? " open" : ""}`} aria-hidden={!open} inert={!open}>
      <div className="drawer-backdrop" onClick={onClose} />
      <nav className="drawer" ref={panel} aria-label="منوی اصلی" data-testid="drawer">
        <div className="drawer-head">
          <span className="drawer-brand" data-testid="drawer-name">
            <ShopLogo size={30} />
            {shop.name}
          </span>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="بستن منو">
            <CloseIcon />
          </button>
        </div>
        {drawn.current && <DrawerLinks current={current} onLogout={doLogout} />}
      </nav>
    </div>
  );
}

/** DrawerLinks is the menu's content: the signed-in name, the screens this person may open, and logout. */
function DrawerLinks({ current, onLogout }: { current: RouteKey | null; onLogout: () => void }) {
  const { token, user } = useSession();
  const items: NavItem[] = [HOME_ITEM, ...(token ? USER_ITEMS : GUEST_ITEMS)];
  const admin = token && isAdmin(user);
  return (
    <>
      {token && user && (
        <p className="drawer-user">{`${user.first_name ?? user.name ?? ""} ${user.last_name ?? ""}`.trim() || "کاربر گرامی"}</p>
      )}
      <ul className="drawer-list">
        {items.map((it) => (
          <DrawerLink key={it.href} item={it} active={keyOf(it.href) === current} />
        ))}
      </ul>
      {admin && (
        <>
          <p className="drawer-section">مدیریت</p>
          <ul className="drawer-list">
            {forRole(ADMIN_DRAWER_ITEMS, roleOf(user)).map((it) => (
              <DrawerLink key={it.href} item={it} active={keyOf(it.href) === current} />
            ))}
          </ul>
        </>
      )}
      {token && (
        <button type="button" className="drawer-logout" onClick={onLogout} data-testid="drawer-logout">
          <LogoutIcon />
          خروج
        </button>
      )}
    </>
  );
}

function DrawerLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <li>
      <Link
        href={item.href}
        className={`drawer-link${active ? " active" : ""}`}
        aria-current={active ? "page" : undefined}
        data-testid={`drawer-${item.testid}`}
      >
        <Icon size={22} />
        <span>{item.label}</span>
      </Link>
    </li>
  );
}

function BottomBar({ current }: { current: RouteKey | null }) {
  return (
    <nav className="bottom-bar" aria-label="دسترسی سریع" data-testid="bottom-bar">
      {BOTTOM_ITEMS.map((it) => {
        const Icon = it.icon;
        const active = keyOf(it.href) === current;
        return (
          <Link
            key={it.href}
            href={it.href}
            className={`bottom-link${active ? " active" : ""}`}
            aria-current={active ? "page" : undefined}
            data-testid={`tab-${it.testid}`}
          >
            <Icon size={22} />
            <span>{it.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}

function Footer() {
  const { name } = useShop();
  return (
    <footer className="footer">
      <span data-testid="footer-name">{`© ${toFaDigits(jalaliYear())} ${name} — خرید و فروش آنلاین طلا`}</span>
    </footer>
  );
}
