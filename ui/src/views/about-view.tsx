import { CardIcon, GoldBarIcon, ShieldIcon, TradeIcon } from "../components/icons";
import { BRAND, LogoMark } from "../components/logo";
import { PageHeader } from "../components/ui";

/** AboutView is /about_page: a short word about the shop. */
export default function AboutView() {
  return (
    <>
      <PageHeader title="درباره ما" />
      <section className="card about-card" data-testid="about-card">
        <LogoMark size={72} />
        <h2 className="status-title">{BRAND}</h2>
        <p>{`${BRAND} یک پلتفرم مالی است که خرید و فروش طلا و مدیریت حساب‌های بانکی را به‌صورت آنلاین، ساده و امن در اختیار شما می‌گذارد.`}</p>
        <ul className="features">
          <li>
            <TradeIcon />
            خرید و فروش طلای ۱۸ عیار با قیمت لحظه‌ای
          </li>
          <li>
            <CardIcon />
            کیف پول ریالی و مدیریت حساب‌های بانکی
          </li>
          <li>
            <GoldBarIcon />
            درخواست تحویل طلای آبشده
          </li>
          <li>
            <ShieldIcon />
            ورود امن با رمز عبور یا کد تایید پیامکی
          </li>
        </ul>
      </section>
    </>
  );
}
