// The owner's view of the SMS outbox and of what customers wait for on the price (issues 18, 29): how many
// notices were sent, wait, failed or ended unknown, the latest problems with the gateway's own words, how many
// price alerts wait on each side's price, the standing orders open on each side with what they hold, and the
// savings plans with their shop-wide switch — counts only, never whose. Four calls, each with its own retry, so
// a failed one hides only its own part.
import { type AlertDemand, type NotificationKind, type SmsOutbox, type SmsProblem, type SmsStatus } from "../api";
import { Figure } from "../components/ui/amounts";
import { PlansDemand } from "../components/notices/plans-demand";
import { ListPending } from "../components/ui/list-pending";
import { DataList, type Column } from "../components/ui/data-list";
import { BellIcon, ChatIcon, CheckIcon, TradeIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { toFaDigits } from "../lib/digits";
import { NOTIFICATION_KINDS } from "../lib/notifications";
import { formatJalaliDateTime } from "../lib/jalali";
import type { Tone } from "../lib/labels";
import { EMPTY, faNumber, formatGold, formatRial } from "../lib/money";
import type { OrderDemand } from "../lib/orders";
import "../styles/admin.css";
import "../styles/admin-notices.css";
import { adminApi } from "../api-admin";

const OUTBOX_FAILED = "خطا در دریافت وضعیت پیامک‌ها";
const ALERTS_FAILED = "خطا در دریافت هشدارهای قیمت";
const ORDERS_FAILED = "خطا در دریافت سفارش‌های شرطی";

/** STATUSES are a notice's status words (the tiles' words) and its badge colour. */
const STATUSES: Record<SmsStatus, { label: string; tone: Tone }> = {
  queued: { label: "در صف", tone: "muted" },
  sending: { label: "در حال ارسال", tone: "muted" },
  sent: { label: "فرستاده شده", tone: "ok" },
  failed: { label: "ناموفق", tone: "bad" },
  unknown: { label: "نامعلوم", tone: "warn" },
};

/** kindLabel names a notice's kind; a kind this screen does not know yet reads as a plain notice. */
const kindLabel = (kind: string) => NOTIFICATION_KINDS[kind as NotificationKind] ?? "اعلان";
const status = (s: string) => STATUSES[s as SmsStatus] ?? { label: "نامعلوم", tone: "muted" as Tone };
const count = (n: number | undefined) => faNumber(String(n ?? 0));

const COLUMNS: Column<SmsProblem>[] = [
  { label: "نوع اعلان", head: true, className: "strong", cell: (p) => kindLabel(p.kind) },
  { label: "وضعیت", head: true, cell: (p) => <StatusBadge tone={status(p.status).tone}>{status(p.status).label}</StatusBadge> },
  { label: "تعداد تلاش", cell: (p) => toFaDigits(p.attempts) },
  { label: "زمان", className: "muted small nowrap", cell: (p) => formatJalaliDateTime(p.created_at) },
  {
    label: "پاسخ درگاه",
    wide: true,
    // the gateway's own words, the one text here that is not Persian; shown as they came
    cell: (p) => (p.last_error ? <code dir="ltr" className="gateway-error">{p.last_error}</code> : <span className="muted">{EMPTY}</span>),
  },
];

/** AdminNoticesView is /admin-notices_page. */
export default function AdminNoticesView() {
  const outbox = useLoad(() => adminApi.smsOutbox(), OUTBOX_FAILED);
  const alerts = useLoad(() => adminApi.alertDemand(), ALERTS_FAILED);
  const orders = useLoad(() => adminApi.orderDemand(), ORDERS_FAILED);

  return (
    <div className="admin-page wide-screen stack notices-page">
      <PageHeader title="پیامک‌ها و هشدارها" />

      {outbox.data === null ? (
        <ListPending failed={outbox.failed} icon={<ChatIcon size={40} />} title={OUTBOX_FAILED} onRetry={outbox.reload} />
      ) : (
        <Outbox data={outbox.data} busy={outbox.loading} />
      )}

      {alerts.data === null ? (
        <ListPending failed={alerts.failed} icon={<BellIcon size={40} />} title={ALERTS_FAILED} onRetry={alerts.reload} />
      ) : (
        <AlertsDemand data={alerts.data} />
      )}

      {orders.data === null ? (
        <ListPending failed={orders.failed} icon={<TradeIcon size={40} />} title={ORDERS_FAILED} onRetry={orders.reload} />
      ) : (
        <OrdersDemand data={orders.data} />
      )}

      <PlansDemand />
    </div>
  );
}

/** Outbox is the notices by status and the list of the latest problems. */
function Outbox({ data, busy }: { data: SmsOutbox; busy: boolean }) {
  const narrow = useMediaQuery(NARROW_LIST);
  const c = data.counts ?? {};
  const problems = Array.isArray(data.problems) ? data.problems : [];
  return (
    <>
      <section className="stack" aria-labelledby="outbox-title">
        <h2 id="outbox-title" className="section-title notices-title">
          پیامک‌های اعلان
        </h2>
        <div className="figures">
          <Figure label="فرستاده شده" tone="in" valueTestid="outbox-sent">
            {count(c.sent)}
          </Figure>
          {/* one being handed to the gateway this moment still waits, as far as the owner is concerned */}
          <Figure label="در صف" tone="rial" valueTestid="outbox-queued">
            {count((c.queued ?? 0) + (c.sending ?? 0))}
          </Figure>
          <Figure label="ناموفق" tone={c.failed ? "out" : "rial"} valueTestid="outbox-failed">
            {count(c.failed)}
          </Figure>
          <Figure label="نامعلوم" tone={c.unknown ? "warn" : "rial"} valueTestid="outbox-unknown">
            {count(c.unknown)}
          </Figure>
        </div>
        <p className="muted small">نامعلوم یعنی درگاه پاسخ روشنی نداد؛ برای اینکه پیامکی دو بار نرسد دوباره فرستاده نمی‌شود.</p>
      </section>

      <section className="stack" aria-labelledby="problems-title">
        <h2 id="problems-title" className="section-title notices-title">
          مشکلات ارسال
        </h2>
        {problems.length === 0 ? (
          <StatusCard icon={<CheckIcon size={40} />} title="مشکلی در ارسال پیامک‌ها نیست" testid="outbox-empty" />
        ) : (
          <DataList
            rows={problems}
            columns={COLUMNS}
            rowKey={(p) => p.id}
            narrow={narrow}
            caption="مشکلات ارسال پیامک‌ها"
            busy={busy}
            testid="outbox-problem"
            rowAttrs={(p) => ({ "data-id": p.id, "data-status": p.status, "data-kind": p.kind })}
          />
        )}
      </section>
    </>
  );
}

/** AlertsDemand is how many price alerts wait on each side; the server never says whose. */
function AlertsDemand({ data }: { data: AlertDemand }) {
  return (
    <section className="stack" aria-labelledby="alerts-title" data-testid="alerts-demand">
      <h2 id="alerts-title" className="section-title notices-title">
        هشدارهای قیمت مشتریان
      </h2>
      <div className="figures">
        <Figure label="منتظر قیمت خرید" tone="in" valueTestid="alerts-buy">
          {count(data.buy)}
        </Figure>
        <Figure label="منتظر قیمت فروش" tone="out" valueTestid="alerts-sell">
          {count(data.sell)}
        </Figure>
      </div>
      <p className="muted small">فقط تعداد؛ نام مشتریان نشان داده نمی‌شود.</p>
    </section>
  );
}

/** OrdersDemand is how many standing orders are open on each side and what they hold; the server never says whose. */
function OrdersDemand({ data }: { data: OrderDemand }) {
  return (
    <section className="stack" aria-labelledby="orders-title" data-testid="orders-demand">
      <h2 id="orders-title" className="section-title notices-title">
        سفارش‌های شرطی مشتریان
      </h2>
      <div className="figures">
        <Figure label="سفارش خرید باز" tone="in" valueTestid="orders-open-buy">
          {count(data.open_buy)}
        </Figure>
        <Figure label="سفارش فروش باز" tone="out" valueTestid="orders-open-sell">
          {count(data.open_sell)}
        </Figure>
        <Figure label="ریال نگه‌داشته‌شده" tone="rial" valueTestid="orders-held-rial">
          {`${formatRial(data.held_rial)} ریال`}
        </Figure>
        <Figure label="طلای نگه‌داشته‌شده" tone="gold" valueTestid="orders-held-gold">
          {`${formatGold(data.held_gold)} گرم`}
        </Figure>
        <Figure label="اجراشده امروز" tone="rial" valueTestid="orders-executed-today">
          {count(data.executed_today)}
        </Figure>
        <Figure label="پایان مهلت امروز" tone="rial" valueTestid="orders-expiring-today">
          {count(data.expiring_today)}
        </Figure>
      </div>
      <p className="muted small">فقط تعداد و جمع؛ نام مشتریان نشان داده نمی‌شود.</p>
    </section>
  );
}
