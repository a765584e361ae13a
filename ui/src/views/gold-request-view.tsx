// /gold-request_page: the customer's gold, the abshodeh bars they can have (close) and those above their
// available gold (higher, with the shortfall), the chosen bar with «ارسال درخواست», and their own requests.
// One pending request at a time (decisions.md §6): while it waits, choosing another bar is blocked.
import { useEffect, useRef, useState } from "react";
import { api, errorText, type Balances, type Bar, type GoldRequest } from "../api";
import { GoldBarsTable } from "../components/holdings/gold-bars-table";
import { GoldCancelDialog } from "../components/holdings/gold-cancel-dialog";
import { GoldRequestsTable } from "../components/holdings/gold-requests-table";
import { GoldSelectedPanel } from "../components/holdings/gold-selected-panel";
import { InfoIcon, TradeIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { LinkButton, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { useLoad } from "../hooks/use-load";
import { isOffline } from "../lib/connection";
import { toFaDigits } from "../lib/digits";
import { cancelKey, GOLD_MESSAGES as M, keepSelected, pendingRequest, selectError, sendError } from "../lib/gold-request";
import { formatGold } from "../lib/money";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import "../styles/gold.css";
import "../styles/wallet.css";

type Data = { balances: Balances; close: Bar[]; higher: Bar[]; requests: GoldRequest[] };

/** EmptyLine is a list's quiet empty state inside a card. */
function EmptyLine({ text, testid }: { text: string; testid: string }) {
  return (
    <p className="card empty-line gold-empty" data-testid={testid}>
      <InfoIcon size={20} />
      {text}
    </p>
  );
}

/** GoldRequestView is /gold-request_page. */
export default function GoldRequestView() {
  const narrow = useMediaQuery(NARROW_LIST);
  const [selected, setSelected] = useState<Bar | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<GoldRequest | null>(null);
  const [key, renewKey] = useIdempotencyKey([selected?.id]);
  const panel = useRef<HTMLElement>(null);

  // Every load reads the three together, so the balance, the bars and the pending request agree.
  const { data, failed, reload: load } = useLoad(
    async (): Promise<Data> => {
      const [balances, bars, requests] = await Promise.all([api.balances(), api.abshode(), api.myGoldRequests()]);
      return { balances, close: bars?.close ?? [], higher: bars?.higher ?? [], requests: requests ?? [] };
    },
    M.loadFailed,
    { onData: (d) => setSelected((s) => keepSelected(s, d.close)) },
  );

  useEffect(() => {
    // back on the tab after a while: the shop may have decided meanwhile
    const onShow = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onShow);
    return () => document.removeEventListener("visibilitychange", onShow);
  }, []);

  const requests = data?.requests ?? [];
  const pending = pendingRequest(requests);

  const choose = (bar: Bar) => {
    const blocked = selectError(requests);
    if (blocked) return toast(blocked, "error");
    setSelected(bar);
    setError(null);
    requestAnimationFrame(() => panel.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));
  };

  const send = async () => {
    if (sending || isOffline()) return; // the panel's button is disabled offline; this covers a stray call
    const err = sendError(selected, requests);
    if (err || !selected) return setError(err);
    setError(null);
    setSending(true);
    try {
      const answer = await api.requestBar(selected.id, key);
      toast(answer?.message || M.requestDone, "success", 5000);
      setSelected(null);
      renewKey();
    } catch (e) {
      toast(errorText(e, M.requestFailed), "error", 5000);
    } finally {
      setSending(false);
      void load();
    }
  };

  const cancel = async (r: GoldRequest) => {
    setConfirming(null);
    setCancelling(r.id);
    try {
      const answer = await api.cancelGoldRequest(r.id, cancelKey(r.id));
      toast(answer?.message || M.cancelDone, "success");
    } catch (e) {
      toast(errorText(e, M.cancelFailed), "error", 5000);
    } finally {
      setCancelling(null);
      void load();
    }
  };

  if (!data) {
    return (
      <div className="gold-request">
        <PageHeader title="درخواست آبشده" />
        {failed ? <LoadFailed icon={<InfoIcon size={40} />} title={M.loadFailed} onRetry={load} /> : <Loading text="در حال دریافت اطلاعات…" />}
      </div>
    );
  }

  const { balances, close, higher } = data;
  return (
    <div className="gold-request stack">
      <PageHeader title="درخواست آبشده" />

      <div className="balances wallet-balances gold-balances">
        <div className="card balance balance-gold">
          <span className="balance-label">موجودی طلا</span>
          <span className="balance-value">
            <span data-testid="gold-balance">{formatGold(balances.balance_gold)}</span>
            <span className="balance-unit">گرم</span>
          </span>
          <span className="balance-available">
            قابل استفاده: <span data-testid="gold-available">{formatGold(balances.available_gold)}</span> گرم
          </span>
        </div>
      </div>

      {pending && (
        <p className="note gold-pending-note" role="status" data-testid="gold-pending-note">
          <InfoIcon size={20} />
          <span>
            {M.pendingBlocks}
            {" "}
            <button type="button" className="link-btn gold-note-link" onClick={() => document.getElementById("gold-requests-title")?.scrollIntoView({ behavior: "smooth", block: "start" })}>
              مشاهده درخواست
            </button>
          </span>
        </p>
      )}

      <section className="gold-section" aria-labelledby="gold-close-title">
        <h2 id="gold-close-title" className="section-title">
          آبشده‌های قابل انتخاب
        </h2>
        <p className="gold-section-hint">آبشده‌هایی که وزن ۷۵۰ آن‌ها از موجودی قابل استفاده شما بیشتر نیست.</p>
        {close.length === 0 ? (
          <EmptyLine text={M.noClose} testid="gold-close-empty" />
        ) : (
          <GoldBarsTable bars={close} kind="close" narrow={narrow} caption="آبشده‌های قابل انتخاب" selectedId={selected?.id} blocked={!!pending} onSelect={choose} />
        )}
      </section>

      {close.length > 0 && !pending && (
        <GoldSelectedPanel bar={selected} error={error} busy={sending} onSend={send} onClear={() => (setSelected(null), setError(null))} panelRef={panel} />
      )}

      <section className="gold-section" aria-labelledby="gold-higher-title">
        <h2 id="gold-higher-title" className="section-title">
          آبشده‌های بیشتر از موجودی شما
        </h2>
        {higher.length === 0 ? (
          <EmptyLine text={M.noHigher} testid="gold-higher-empty" />
        ) : (
          <>
            <p className="gold-section-hint">برای درخواست این آبشده‌ها، به اندازه کمبود طلا بخرید.</p>
            <GoldBarsTable bars={higher} kind="higher" narrow={narrow} caption="آبشده‌های بیشتر از موجودی شما و کمبود هر یک" availableGold={balances.available_gold} />
            <div className="gold-buy">
              <LinkButton href="/trade_page" variant="secondary" data-testid="gold-buy-link">
                <TradeIcon size={20} />
                خرید طلا
              </LinkButton>
            </div>
          </>
        )}
      </section>

      <section className="gold-section" aria-labelledby="gold-requests-title">
        <h2 id="gold-requests-title" className="section-title">
          درخواست‌های آبشده من
        </h2>
        {requests.length === 0 ? (
          <EmptyLine text={M.noRequests} testid="gold-requests-empty" />
        ) : (
          <>
            <p className="list-count">{`${toFaDigits(requests.length)} درخواست، جدیدترین در بالا`}</p>
            <GoldRequestsTable requests={requests} narrow={narrow} cancelling={cancelling} onCancel={setConfirming} />
          </>
        )}
      </section>

      {confirming && <GoldCancelDialog request={confirming} onConfirm={() => cancel(confirming)} onClose={() => setConfirming(null)} />}
    </div>
  );
}
