// The dashboard: a welcome (a customer's with what they hold), the price card, tiles to every customer screen and, for admins, the admin tiles.
import { Link, useLocation } from "wouter";
import { isAdmin, logout } from "../api";
import { HomePrice } from "../components/trade/home-price";
import { InstallPrompt } from "../components/shell/install-prompt";
import { lazy } from "../components/shell/lazy";
import { CrownIcon, LoginIcon, LogoutIcon, UserPlusIcon } from "../components/ui/icons";
import { ShopLogo } from "../components/shell/logo";
import { ADMIN_TILES, HOME_TILES, forRole, type NavItem } from "../components/shell/nav-items";
import { toast } from "../components/ui/toast";
import { LinkButton } from "../components/ui";
import { useSession } from "../hooks/use-session";
import { useShop } from "../hooks/use-shop";
import { roleOf } from "../lib/routes";
import "../styles/home.css";

// a customer's home opens with what they hold; its figures come on their own, into a box home.css sizes
const Holdings = lazy(() => import("../components/home/home-holdings"));

/** HomeView is the dashboard at /. */
export default function HomeView() {
  const { token, user } = useSession();
  const { name } = useShop();
  const [, navigate] = useLocation();

  const doLogout = async () => {
    await logout();
    toast("از حساب کاربری خارج شدید", "info");
    navigate("/login_page");
  };

  if (!token) {
    return (
      <div className="stack">
        <section className="card welcome-card hero" data-testid="welcome-card">
          <ShopLogo size={64} />
          <h1 className="hero-title" data-testid="hero-title">{`به ${name} خوش آمدید`}</h1>
          <p className="hero-text">خرید و فروش طلای آبشده با قیمت لحظه‌ای، کیف پول ریالی و درخواست تحویل طلا، همه در یک جا.</p>
          <div className="hero-actions">
            <LinkButton href="/login_page" data-testid="home-login">
              <LoginIcon size={20} />
              ورود به حساب
            </LinkButton>
            <LinkButton href="/register_page" variant="secondary" data-testid="home-register">
              <UserPlusIcon size={20} />
              ثبت‌نام
            </LinkButton>
          </div>
        </section>
        <HomePrice />
        <Tiles items={HOME_TILES} />
        <ReservesLink />
        {/* last: Chrome offers the install only once the page is up, and nothing may move when it does */}
        <InstallPrompt />
      </div>
    );
  }

  const first = user?.first_name || user?.name || "";
  const admin = isAdmin(user);
  return (
    <div className="stack">
      <section className="card welcome-card" data-testid="welcome-card">
        <div className="welcome-row">
          <h1 className="welcome-title" data-testid="welcome-title">
            {first ? `سلام ${first}، خوش آمدید` : "سلام، خوش آمدید"}
          </h1>
          <button type="button" className="icon-btn logout-btn" onClick={doLogout} aria-label="خروج از حساب" title="خروج از حساب" data-testid="home-logout">
            <LogoutIcon />
          </button>
        </div>
        {!admin && (
          <div className="holdings-box">
            <Holdings />
          </div>
        )}
      </section>
      <HomePrice />
      {/* the owner's work comes first on their own home */}
      {admin && (
        <section className="admin-block" aria-labelledby="admin-title" data-testid="admin-tiles">
          <div className="card admin-banner">
            <span className="crown">
              <CrownIcon size={28} />
            </span>
            <div>
              <h2 id="admin-title" className="admin-title">بخش مدیریت</h2>
              <p className="admin-text">
                {roleOf(user) === "owner" ? "مدیریت کامل فروشگاه در دست شماست." : "درخواست‌ها، پشتیبانی و فهرست کاربران در دست شماست."}
              </p>
            </div>
          </div>
          <Tiles items={forRole(ADMIN_TILES, roleOf(user))} admin />
        </section>
      )}
      <Tiles items={HOME_TILES} />
      <ReservesLink />
      <InstallPrompt />
    </div>
  );
}

/** ReservesLink leads to the public page of the shop's gold owed and held (issue 17). */
function ReservesLink() {
  return (
    <p className="center">
      <Link href="/reserves" data-testid="home-reserves">
        ذخایر طلا
      </Link>
    </p>
  );
}

function Tiles({ items, admin }: { items: NavItem[]; admin?: boolean }) {
  return (
    <ul className={`tiles${admin ? " tiles-admin" : ""}`}>
      {items.map((it) => {
        const Icon = it.icon;
        return (
          <li key={it.href}>
            <Link href={it.href} className="tile" data-testid={`tile-${it.testid}`}>
              <span className="tile-icon">
                {admin && (
                  <span className="tile-crown" aria-hidden="true">
                    <CrownIcon size={14} />
                  </span>
                )}
                <Icon size={26} />
              </span>
              <span className="tile-label">{it.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
