// /orders_page (issue 29): the customer's standing orders. An order buys or sells gold when the customer's own
// price reaches the limit they set, until a Jalali day; placing it takes a texted code bound to its terms, and
// what it may spend is held meanwhile. The list shows each order, what it holds and how it ended; an open one
// can be cancelled, its hold coming back. An executed or expired order's notification refreshes the list.
import { useEffect, useState } from "react";
import { api, errorText } from "../api";
import { OrderForm } from "../components/trade/order-form";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataList, type Column } from "../components/ui/data-list";
import { TradeIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { EMPTY, faNumber, formatGold } from "../lib/money";
import {
  amountText, heldText, ORDER_MESSAGES as M, orderStatus, orderText, ORDERS_MAX, ordersApi, SIDE_LABELS, type Order,
} from "../lib/orders";
import "../styles/orders.css";

/** COLUMNS are an order's fields; on a phone its side and status head the card, which leaves out what is empty. */
const COLUMNS: Column<Order>[] = [
  { label: "نوع", head: true, cell: (o) => <StatusBadge tone="info">{SIDE_LABELS[o.side]}</StatusBadge> },
  {
    label: "وضعیت",
    head: true,
    cell: (o) => <StatusBadge tone={orderStatus(o.status).tone} testid={`order-status-${o.id}`}>{orderStatus(o.status).label}</StatusBadge>,
  },
  { label: "مقدار", className: "strong", cell: (o) => amountText(o) },
  { label: "قیمت هدف هر گرم", cell: (o) => `${faNumber(o.limit_price)} ریال یا ${o.side === "buy" ? "کمتر" : "بیشتر"}` },
  { label: "معتبر تا", className: "num", cell: (o) => toFaDigits(o.until) },
  {
    label: "نگه‌داشته‌شده",
    className: "num",
    blank: (o) => o.status !== "open",
    cell: (o) => (o.status === "open" ? <span data-testid={`order-held-${o.id}`}>{heldText(o)}</span> : EMPTY),
  },
  {
    label: "قیمت اجرا",
    className: "num",
    blank: (o) => !o.executed,
    cell: (o) => (o.executed ? `${faNumber(o.executed.price_per_gram)} ریال` : EMPTY),
  },
  {
    label: "معامله",
    blank: (o) => !o.executed,
    cell: (o) => (o.executed ? <span data-testid={`order-trade-${o.id}`}>{tradeText(o)}</span> : EMPTY),
  },
  { label: "ثبت", className: "num muted", cell: (o) => formatJalaliDateTimeShort(o.created_at) },
  { label: "بسته شد", className: "num muted", blank: (o) => !o.closed_at, cell: (o) => formatJalaliDateTimeShort(o.closed_at) },
];

/** tradeText is what an executed order traded: "۰/۱۰۰ گرم به ۹٬۴۰۰٬۰۰۰ ریال". */
function tradeText(o: Order): string {
  return o.executed ? `${formatGold(o.executed.amount_gold)} گرم به ${faNumber(o.executed.amount_rial)} ریال` : EMPTY;
}

/** OrdersView is /orders_page. */
export default function OrdersView() {
  const { data, failed, reload, refresh } = useLoad(() => ordersApi.list(), M.loadFailed);
  // the customer's prices and balances are the form's hints; without them the form still works (no toast)
  const market = useLoad(() => Promise.all([api.myPrices(), api.balances()]), "", { onError: () => true });
  const narrow = useMediaQuery(NARROW_LIST);
  const [canceling, setCanceling] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const orders = data?.orders ?? null;
  const open = orders?.filter((o) => o.status === "open").length ?? 0;

  const changed = () => void Promise.all([reload(), market.refresh()]);
  // an order that executes or expires while the screen is open tells it through the notification socket
  useEffect(() => {
    let stop: () => void = () => undefined;
    let alive = true;
    import("../lib/notifications-live").then((m) => {
      if (!alive) return;
      stop = m.onLiveNotification((item) => {
        if (item.kind === "order_executed" || item.kind === "order_expired") void Promise.all([refresh(), market.refresh()]);
      });
    }, () => undefined);
    return () => {
      alive = false;
      stop();
    };
  }, [refresh, market.refresh]);

  const cancel = async (o: Order) => {
    setBusy(true);
    try {
      const answer = await ordersApi.cancel(o.id);
      toast(answer.message ?? M.canceled, "success");
      changed();
    } catch (err) {
      toast(errorText(err, M.cancelFailed), "error");
    } finally {
      setBusy(false);
      setCanceling(null);
    }
  };

  return (
    <div className="orders stack">
      <PageHeader title="سفارش شرطی" back="/trade_page" />
      <OrderForm prices={market.data?.[0] ?? null} balances={market.data?.[1] ?? null} onPlaced={changed} />
      <section className="card orders-list" aria-labelledby="orders-title">
        <h2 id="orders-title" className="section-title">
          {orders ? `سفارش‌های من (${toFaDigits(open)} باز از ${toFaDigits(ORDERS_MAX)})` : "سفارش‌های من"}
        </h2>
        {orders === null ? (
          failed ? <LoadFailed icon={<TradeIcon size={40} />} title={M.loadFailed} onRetry={reload} /> : <Loading />
        ) : orders.length === 0 ? (
          <p className="empty-line" data-testid="orders-empty">
            <TradeIcon />
            هنوز سفارش شرطی ثبت نکرده‌اید.
          </p>
        ) : (
          <DataList
            rows={orders}
            columns={COLUMNS}
            rowKey={(o) => o.id}
            narrow={narrow}
            flat
            caption="سفارش‌های شرطی من"
            testid="order-row"
            rowAttrs={(o) => ({ "data-id": o.id, "data-status": o.status })}
            actions={(o) =>
              o.status === "open" && (
                <Button variant="secondary" onClick={() => setCanceling(o)} data-testid={`order-cancel-${o.id}`}>
                  لغو
                </Button>
              )
            }
          />
        )}
      </section>
      {canceling && (
        <ConfirmDialog title="لغو سفارش شرطی" yes="بله، لغو شود" danger busy={busy} onConfirm={() => cancel(canceling)} onClose={() => setCanceling(null)} testid="order-cancel">
          <p className="confirm-text">{orderText(canceling)}</p>
          <p className="confirm-text">{`${heldText(canceling)} نگه‌داشته‌شده به موجودی آزاد شما برمی‌گردد.`}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
