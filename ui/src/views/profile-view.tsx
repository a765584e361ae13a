// The profile: who the user is, balances, and links to the account's other screens.
import { Link, useLocation } from "wouter";
import { logout } from "../api";
import { CardIcon, ChevronIcon, GiftIcon, InfoIcon, LogoutIcon, ShieldIcon } from "../components/ui/icons";
import { NotificationSettings } from "../components/notices/notification-settings";
import { PushSettings } from "../components/notices/push-settings";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useMe } from "../hooks/use-me";
import { toFaDigits } from "../lib/digits";
import { fullName } from "../lib/labels";
import { formatGold, formatRial } from "../lib/money";
import "../styles/profile.css";

const LINKS = [
  { href: "/referral_page", label: "دعوت از دوستان", icon: GiftIcon, testid: "referral" },
  { href: "/security_page", label: "امنیت (تغییر رمز عبور)", icon: ShieldIcon, testid: "security" },
  { href: "/bank-accounts_page", label: "حساب‌های بانکی", icon: CardIcon, testid: "bank-accounts" },
  { href: "/about_page", label: "درباره ما", icon: InfoIcon, testid: "about" },
];

/** ProfileView is /profile_page. */
export default function ProfileView() {
  const { me, failed } = useMe();
  const [, navigate] = useLocation();

  const doLogout = async () => {
    await logout();
    toast("از حساب کاربری خارج شدید", "info");
    navigate("/login_page");
  };

  if (!me) {
    return (
      <>
        <PageHeader title="پروفایل" />
        {failed ? (
          <LoadFailed icon={<InfoIcon size={40} />} title="اطلاعات کاربر دریافت نشد" onRetry={() => location.reload()} />
        ) : (
          <Loading text="در حال دریافت اطلاعات…" />
        )}
      </>
    );
  }

  const { user, balance } = me;
  const name = fullName(user.first_name, user.last_name, user.name ?? "");
  return (
    <div className="stack">
      <h1 className="page-title">پروفایل</h1>
      <button type="button" className="profile-head" onClick={() => navigate("/edit-profile")} data-testid="profile-header">
        <span className="avatar" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
        <span className="profile-id">
          <span className="profile-name" data-testid="profile-name">
            {name}
          </span>
          <span className="profile-phone" data-testid="profile-phone">
            {toFaDigits(user.phone_number ?? "")}
          </span>
        </span>
        <span className="profile-edit">
          ویرایش
          <ChevronIcon size={18} />
        </span>
      </button>

      {user.referral_code && (
        <div className="card referral-row">
          <span className="muted">کد معرف شما</span>
          {/* shown exactly as issued: it is typed back or shared as a link, so its Latin letters stay */}
          <span className="referral-code" data-testid="profile-referral-code" dir="ltr" translate="no">
            {user.referral_code}
          </span>
        </div>
      )}

      <div className="balances">
        <div className="card balance balance-gold">
          <span className="balance-label">موجودی طلا</span>
          <span className="balance-value">
            <span data-testid="balance-gold">{formatGold(balance?.balance_gold)}</span>
            <span className="balance-unit">گرم</span>
          </span>
        </div>
        <div className="card balance">
          <span className="balance-label">موجودی ریالی</span>
          <span className="balance-value">
            <span data-testid="balance-rial">{formatRial(balance?.balance_rial)}</span>
            <span className="balance-unit">ریال</span>
          </span>
        </div>
      </div>

      <nav className="card" aria-label="تنظیمات حساب">
        <ul className="menu-list">
          {LINKS.map((l) => {
            const Icon = l.icon;
            return (
              <li key={l.href}>
                <Link href={l.href} className="menu-link" data-testid={`profile-link-${l.testid}`}>
                  <Icon />
                  <span>{l.label}</span>
                  <ChevronIcon size={20} />
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <PushSettings />
      <NotificationSettings />

      <Button variant="danger" className="btn-block" onClick={doLogout} data-testid="profile-logout">
        <LogoutIcon size={20} />
        خروج از حساب
      </Button>
    </div>
  );
}
