import { CardIcon, ClockIcon, GoldBarIcon, ShieldIcon, StoreIcon, SupportIcon, TradeIcon } from "../components/ui/icons";
import { ShopLogo } from "../components/shell/logo";
import { Link } from "wouter";
import { PageHeader } from "../components/ui";
import { useShop } from "../hooks/use-shop";
import { toFaDigits } from "../lib/digits";
import { telHref } from "../lib/shop";
import "../styles/about.css";

/** AboutView is /about_page: the shop in its owner's words, how to reach it, and what it offers online. */
export default function AboutView() {
  const shop = useShop();
  const about = shop.about || `${shop.name} خرید و فروش طلا و مدیریت حساب‌های بانکی را به‌صورت آنلاین، ساده و امن در اختیار شما می‌گذارد.`;
  const contact = shop.phones.length > 0 || shop.address || shop.hours;
  return (
    <>
      <PageHeader title="درباره ما" />
      <div className="stack">
        <section className="card about-card" data-testid="about-card">
          <ShopLogo size={72} />
          <h2 className="status-title" data-testid="about-name">
            {shop.name}
          </h2>
          <p className="about-text" data-testid="about-text">
            {about}
          </p>
          {shop.licence && (
            <p className="about-licence" data-testid="about-licence">
              <ShieldIcon size={18} />
              {shop.licence}
            </p>
          )}
        </section>
        {contact && (
          <section className="card about-contact" aria-labelledby="contact-title" data-testid="about-contact">
            <h2 id="contact-title" className="section-title">
              راه‌های ارتباط
            </h2>
            <dl className="contact-list">
              {shop.phones.length > 0 && (
                <div>
                  <dt>
                    <SupportIcon size={20} />
                    تلفن
                  </dt>
                  <dd className="contact-phones">
                    {shop.phones.map((p) => (
                      <a key={p} href={telHref(p)} dir="ltr" data-testid="about-phone">
                        {toFaDigits(p)}
                      </a>
                    ))}
                  </dd>
                </div>
              )}
              {shop.address && (
                <div>
                  <dt>
                    <StoreIcon size={20} />
                    نشانی
                  </dt>
                  <dd data-testid="about-address">{shop.address}</dd>
                </div>
              )}
              {shop.hours && (
                <div>
                  <dt>
                    <ClockIcon size={20} />
                    ساعات کاری
                  </dt>
                  <dd data-testid="about-hours">{shop.hours}</dd>
                </div>
              )}
            </dl>
          </section>
        )}
        <section className="card" aria-label="خدمات آنلاین فروشگاه">
          <ul className="features features-card">
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
        <p className="center">
          <Link href="/reserves" data-testid="about-reserves">
            ذخایر طلا
          </Link>
        </p>
      </div>
    </>
  );
}
