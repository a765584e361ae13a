// /prices_page (admin.md "Grades and prices", decisions.md §4, §8): the base price with its time and
// freshness, the form that sets it after a confirmation, each grade's buy and sell price, the chart, and
// «قیمت خودکار», the owner's market feed (issue 40).
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { api, ApiError, errorText, type AdminPrices } from "../api";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataList, type Column } from "../components/ui/data-list";
import { refreshGoldPrice } from "../hooks/use-gold-price";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { AmountField } from "../components/ui/amount-field";
import { ChartIcon, ChevronIcon } from "../components/ui/icons";
import { PriceChart } from "../components/trade/price-chart";
import { lazy } from "../components/shell/lazy";
import { StatusBadge } from "../components/ui/status-badge";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader } from "../components/ui";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import { formatRial, formatToman } from "../lib/money";
import { formatAge, HISTORY_RANGES, priceChange } from "../lib/price-chart";
import "../styles/admin.css";
import "../styles/prices.css";
import { adminApi } from "../api-admin";

/** PRICES_TEXTS are the screen's messages. */
export const PRICES_TEXTS = {
  loadFailed: "خطا در دریافت قیمت‌ها",
  required: "قیمت پایه را وارد کنید",
  zero: "قیمت پایه باید بیشتر از صفر باشد",
  done: "قیمت پایه ثبت شد",
  failed: "خطا در ثبت قیمت پایه",
  fresh: "به‌روز",
  stale: "قیمت‌ها به‌روز نیستند",
  none: "قیمت پایه هنوز ثبت نشده است",
} as const;

// the owner's market feed (issue 40), loaded on its own: see components/price-feed/admin-price-feed.tsx
const PriceFeedSection = lazy(() => import("../components/price-feed/admin-price-feed"));

/** AGE_TICK_MS is how often "۵ دقیقه پیش" is brought up to date. */
const AGE_TICK_MS = 30_000;

/** PricesView is /prices_page. */
export default function PricesView() {
  const [days, setDays] = useState<number>(7);
  const { data: prices, failed, reload: loadPrices } = useLoad(() => adminApi.adminPrices(), PRICES_TEXTS.loadFailed);
  const { data: history, failed: historyFailed, reload: loadHistory } = useLoad(() => api.priceHistory(days), PRICES_TEXTS.loadFailed, { deps: [days] });
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [, setTick] = useState(0);

  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), AGE_TICK_MS);
    return () => clearInterval(t);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!digits) return setError(PRICES_TEXTS.required);
    if (/^0*$/.test(digits)) return setError(PRICES_TEXTS.zero);
    setConfirm(digits);
  };

  const save = async () => {
    if (!confirm) return;
    setSaving(true);
    try {
      const answer = await adminApi.setBasePrice(confirm);
      toast(answer?.message || PRICES_TEXTS.done, "success");
      setConfirm(null);
      setDigits("");
      // the header follows at once rather than at its next poll
      await Promise.all([loadPrices(), loadHistory(), refreshGoldPrice()]);
    } catch (err) {
      toast(errorText(err, PRICES_TEXTS.failed), "error");
      // a lost answer keeps the dialog, so "yes" tries again; setting the same price twice is harmless
      if (!(err instanceof ApiError && err.status === 0)) setConfirm(null);
    } finally {
      setSaving(false);
    }
  };

  if (!prices) {
    return (
      <>
        <PageHeader title="تعیین قیمت" />
        {failed ? <LoadFailed icon={<ChartIcon size={40} />} title={PRICES_TEXTS.loadFailed} onRetry={loadPrices} /> : <Loading text="در حال دریافت قیمت‌ها…" />}
      </>
    );
  }

  const base = prices.base_price;
  return (
    <div className="admin-page stack prices-page">
      <PageHeader title="تعیین قیمت" />

      <div className="prices-top">
        <section className="card base-card" aria-labelledby="base-title">
          <div className="base-now">
            <h2 id="base-title" className="base-label">
              قیمت پایه (هر گرم طلای ۱۸ عیار)
            </h2>
            {base ? (
              <>
                <p className="base-value">
                  <span data-testid="base-price" data-value={base}>
                    {formatRial(base)}
                  </span>
                  <span className="amount-unit">ریال</span>
                </p>
                <p className="muted small">{`${formatToman(base)} تومان`}</p>
              </>
            ) : (
              <p className="base-value muted" data-testid="base-price" data-value="">
                {PRICES_TEXTS.none}
              </p>
            )}
            <div className="base-meta">
              {base ? (
                <StatusBadge tone={prices.is_price_fresh ? "ok" : "bad"} testid="base-fresh">
                  {prices.is_price_fresh ? PRICES_TEXTS.fresh : PRICES_TEXTS.stale}
                </StatusBadge>
              ) : (
                <StatusBadge tone="warn" testid="base-fresh">
                  {PRICES_TEXTS.stale}
                </StatusBadge>
              )}
              {prices.updated_at && (
                <span className="muted small" data-testid="base-updated">
                  {`آخرین تغییر: ${formatJalaliDateTime(prices.updated_at)} (${formatAge(prices.updated_at)})`}
                </span>
              )}
            </div>
          </div>

          <form className="form base-form" onSubmit={submit} noValidate aria-label="ثبت قیمت پایه جدید">
            <AmountField
              label="قیمت پایه جدید (ریال)"
              digits={digits}
              onDigits={(d) => {
                setDigits(d);
                setError(null);
              }}
              error={error}
              testid="base-price-input"
            />
            <Button type="submit" className="btn-block" data-testid="base-price-submit">
              ثبت قیمت پایه
            </Button>
          </form>
        </section>

        <GradeTable prices={prices} />
      </div>

      <section className="card chart-card" aria-labelledby="chart-title">
        <div className="chart-head">
          <h2 id="chart-title" className="section-title">
            نمودار قیمت پایه
          </h2>
          <div className="range-pick" role="group" aria-label="بازه نمودار">
            {HISTORY_RANGES.map((r) => (
              <button key={r.days} type="button" className="range-btn" aria-pressed={days === r.days} onClick={() => setDays(r.days)} data-testid={`range-${r.days}`}>
                {r.label}
              </button>
            ))}
          </div>
        </div>
        {history ? (
          <PriceChart points={history} current={base} days={days} height={260} />
        ) : historyFailed ? (
          <p className="chart-empty">{PRICES_TEXTS.loadFailed}</p>
        ) : (
          <Loading />
        )}
      </section>

      <PriceFeedSection priceAt={prices.updated_at} onNewPrice={() => void Promise.all([loadPrices(), loadHistory(), refreshGoldPrice()])} />

      {confirm && (
        <ConfirmDialog title="ثبت قیمت پایه" yes="بله، ثبت شود" busy={saving} onConfirm={save} onClose={() => setConfirm(null)} testid="base-price">
          <ConfirmText current={base} next={confirm} />
        </ConfirmDialog>
      )}
    </div>
  );
}

function ConfirmText({ current, next }: { current: string | null; next: string }) {
  const change = priceChange(current, next);
  return (
    <>
      <p className="confirm-text">
        {"قیمت پایه به "}
        <strong className="confirm-amount">{`${formatRial(next)} ریال`}</strong>
        {`(${formatToman(next)} تومان) تغییر کند؟ قیمت همه سطوح از همین لحظه تغییر می‌کند.`}
      </p>
      {current && !change && <p className="muted small">همان قیمت فعلی است؛ با ثبت دوباره، قیمت‌ها به‌روز می‌شوند.</p>}
      {change && (
        <p className={`price-move${change.large ? " is-large" : ""}`} data-testid="base-price-change">
          {`${change.percent}٪ ${change.direction === "up" ? "بیشتر" : "کمتر"} از قیمت فعلی (${formatRial(current)} ریال)`}
          {change.large && "؛ این تغییر بزرگ است، عدد را دوباره بررسی کنید."}
        </p>
      )}
    </>
  );
}

type GradePrice = AdminPrices["prices"][number];

/** gradeColumns are a grade's buy and sell price; a phone's card is headed by the grade. */
const gradeColumns = (narrow: boolean): Column<GradePrice>[] => [
  { label: "سطح قیمت", head: true, className: "grade-level", cell: (g) => (narrow ? `سطح ${toFaDigits(g.grade)}` : toFaDigits(g.grade)) },
  { label: "قیمت خرید (ریال)", className: "num grade-price-cell", cell: (g) => <span data-testid={`grade-buy-${g.grade}`}>{formatRial(g.buy_price)}</span> },
  { label: "قیمت فروش (ریال)", className: "num grade-price-cell", cell: (g) => <span data-testid={`grade-sell-${g.grade}`}>{formatRial(g.sell_price)}</span> },
];

/** GradeTable is each grade's buy and sell price, as the customer sees them (a DataList). */
function GradeTable({ prices }: { prices: AdminPrices }) {
  const narrow = useMediaQuery(NARROW_LIST);
  const rows = [...prices.prices].sort((a, b) => a.grade - b.grade);
  return (
    <section className="card grade-card" aria-labelledby="grades-title">
      <h2 id="grades-title" className="section-title">
        قیمت هر سطح قیمت
      </h2>
      <DataList
        rows={rows}
        columns={gradeColumns(narrow)}
        rowKey={(g) => g.grade}
        narrow={narrow}
        caption="قیمت خرید و فروش هر سطح قیمت"
        testid="grade-row"
        rowAttrs={(g) => ({ "data-grade": g.grade })}
        flat
      />
      <p className="muted small grade-note">خرید و فروش از دید مشتری است: مشتری به قیمت خرید می‌خرد و به قیمت فروش می‌فروشد.</p>
      <Link href="/admin-grades_page" className="menu-link grade-link" data-testid="grades-link">
        <span>تغییر افزایش و کاهش هر سطح</span>
        <ChevronIcon size={20} />
      </Link>
    </section>
  );
}
