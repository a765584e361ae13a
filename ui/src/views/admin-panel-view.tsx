// The admin panel (decisions.md §8): the owner's figures above the quick list of pending
// wallet requests, each approved in one tap or rejected with a required reason.
import type { FormEvent } from "react";
import { useState } from "react";
import { type Dashboard, type WalletRequest } from "../api";
import { Modal } from "../components/ui/admin-modal";
import { Figure, Gold, Rial } from "../components/ui/amounts";
import { ReceiptThumb } from "../components/wallet/receipt-thumb";
import { OwnerNotices } from "../components/notices/owner-notices";
import { ServerNotices } from "../components/notices/server-notices";
import { ReserveCard } from "../components/reserve/reserve-card";
import { UnclosedDaysNotice } from "../components/stock/unclosed-days";
import { DashboardIcon, ReceiptIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { Button, Field, LinkButton, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { useSession } from "../hooks/use-session";
import { useWalletDecision } from "../hooks/use-wallet-decision";
import { WalletApproveDialog } from "../components/wallet/wallet-approve-dialog";
import { formatCardNumber, formatIban } from "../lib/cards";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { fullName, walletTypeLabel, walletTypeTone } from "../lib/labels";
import { EMPTY, formatRial } from "../lib/money";
import { roleOf } from "../lib/routes";
import "../styles/admin.css";
import "../styles/stock.css";
import { adminApi } from "../api-admin";

/** REASON_REQUIRED is shown when a reject is sent without a reason. */
export const REASON_REQUIRED = "دلیل رد درخواست را وارد کنید";

/** LOAD_FAILED is a failed load's text. */
const LOAD_FAILED = "خطا در دریافت اطلاعات";

/** AdminPanelView is /AdminPanel_page. */
export default function AdminPanelView() {
  const [rejecting, setRejecting] = useState<WalletRequest | null>(null);
  const owner = roleOf(useSession().user) === "owner";
  // the figures and the pending list load on their own: one failing leaves the other shown
  const dashboard = useLoad(() => adminApi.dashboard(), LOAD_FAILED);
  const queue = useLoad(async () => {
    const list = await adminApi.pendingWalletRequests();
    return Array.isArray(list) ? list : [];
  }, LOAD_FAILED);
  const figures = dashboard.data;
  const pending = queue.data;
  const failed = dashboard.failed || queue.failed;
  const load = () => Promise.all([dashboard.reload(), queue.reload()]);

  const { busy, decide, approving, askApprove, confirmApprove, cancelApprove } = useWalletDecision(() => void load());

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="پنل مدیریت" />
      <ServerNotices owner={owner} />
      {owner && <OwnerNotices />}
      <UnclosedDaysNotice />
      {owner && <ReserveCard />}
      {figures ? (
        <Figures d={figures} />
      ) : failed ? (
        <LoadFailed icon={<DashboardIcon size={40} />} title={LOAD_FAILED} onRetry={load} />
      ) : (
        <Loading />
      )}

      <section className="stack" aria-labelledby="pending-title">
        <div className="section-head">
          <h2 id="pending-title" className="section-title">
            {`درخواست‌های در انتظار${pending ? ` (${toFaDigits(pending.length)})` : ""}`}
          </h2>
          <LinkButton href="/AdminWalletRequests_page" variant="ghost">
            همه درخواست‌ها
          </LinkButton>
        </div>
        {pending === null ? (
          !failed && <Loading />
        ) : pending.length === 0 ? (
          <StatusCard icon={<ReceiptIcon size={40} />} title="درخواستی در انتظار نیست" testid="panel-empty" />
        ) : (
          <ul className="cards-list pending-grid">
            {pending.map((r) => (
              <li key={r.id} className="card pending-card" data-testid="pending-row" data-id={r.id}>
                <div className="wr-card-head">
                  <span className="wr-id">{`#${toFaDigits(r.id)}`}</span>
                  <StatusBadge tone={walletTypeTone(r.type)}>{walletTypeLabel(r.type)}</StatusBadge>
                  <span className="muted small wr-date">{formatJalaliDateTimeShort(r.created_at)}</span>
                </div>
                <div className="wr-card-body">
                  <div className="wr-card-main">
                    <p className="wr-user">
                      {fullName(r.first_name, r.last_name, EMPTY)}
                      <span className="muted small">{` · شناسه ${toFaDigits(r.user_id)}`}</span>
                    </p>
                    <Rial value={r.amount} toman />
                    <BankAccount r={r} />
                  </div>
                  {r.receipt_image && <ReceiptThumb src={r.receipt_image} id={r.id} />}
                </div>
                <div className="pending-actions">
                  <Button className="btn-sm" busy={busy[r.id] === "approved"} disabled={!!busy[r.id]} onClick={() => askApprove(r)} data-testid={`panel-approve-${r.id}`}>
                    {r.type === "deposit" ? "تایید واریز" : "تایید برداشت"}
                  </Button>
                  <Button variant="danger" className="btn-sm" busy={busy[r.id] === "rejected"} disabled={!!busy[r.id]} onClick={() => setRejecting(r)} data-testid={`panel-reject-${r.id}`}>
                    رد درخواست
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {rejecting && (
        <RejectDialog
          request={rejecting}
          onClose={() => setRejecting(null)}
          onReject={async (reason) => {
            if (await decide(rejecting.id, "rejected", reason)) setRejecting(null);
          }}
        />
      )}
      {approving && <WalletApproveDialog request={approving} busy={busy[approving.id] === "approved"} onConfirm={confirmApprove} onClose={cancelApprove} />}
    </div>
  );
}

/** BankAccount is where a withdraw is paid: the bank, the card and the IBAN in full. */
function BankAccount({ r }: { r: WalletRequest }) {
  if (!r.card_number && !r.iban) return null;
  return (
    <dl className="kv">
      {r.bank_name && (
        <>
          <dt>بانک</dt>
          <dd>{r.bank_name}</dd>
        </>
      )}
      {r.card_number && (
        <>
          <dt>شماره کارت</dt>
          <dd dir="ltr">{formatCardNumber(r.card_number)}</dd>
        </>
      )}
      {r.iban && (
        <>
          <dt>شماره شبا</dt>
          <dd dir="ltr" className="iban">
            {formatIban(r.iban)}
          </dd>
        </>
      )}
    </dl>
  );
}

function RejectDialog({ request, onClose, onReject }: { request: WalletRequest; onClose: () => void; onReject: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(REASON_REQUIRED);
      return;
    }
    setSending(true);
    await onReject(reason.trim());
    setSending(false);
  };
  return (
    <Modal title={`رد درخواست ${walletTypeLabel(request.type)} #${toFaDigits(request.id)}`} onClose={onClose} testid="reject-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{`${fullName(request.first_name, request.last_name)}، مبلغ ${formatRial(request.amount)} ریال`}</p>
        <Field
          label="دلیل رد"
          value={reason}
          onValue={(v) => (setReason(v), setError(null))}
          error={error}
          maxLength={500}
          data-testid="reject-dialog-reason"
        />
        <div className="modal-buttons">
          <Button type="submit" variant="danger" busy={sending} data-testid="reject-dialog-submit">
            رد درخواست
          </Button>
          <Button variant="secondary" onClick={onClose}>
            انصراف
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Figures is the grid of the owner's numbers. */
function Figures({ d }: { d: Dashboard }) {
  return (
    <div className="figures" data-testid="dashboard">
      <Figure label="موجودی ریالی مشتریان" tone="rial">
        <Rial value={d.customers_rial} toman testid="dash-customers-rial" />
      </Figure>
      <Figure label="موجودی طلای مشتریان" tone="gold">
        <Gold value={d.customers_gold} testid="dash-customers-gold" />
      </Figure>
      <Figure label="نقدینگی در بانک (طبق دفتر)" tone="rial">
        <Rial value={d.shop_bank_rial} toman testid="dash-bank-rial" />
      </Figure>
      <Figure label="طلای خزانه (طبق دفتر)" tone="gold">
        <Gold value={d.shop_vault_gold} testid="dash-vault-gold" />
      </Figure>
      <Figure label="واریزهای در انتظار" tone="warn" count={d.pending_deposits?.count} testid="dash-pending-deposits">
        <Rial value={d.pending_deposits?.amount} />
      </Figure>
      <Figure label="برداشت‌های در انتظار" tone="warn" count={d.pending_withdraws?.count} testid="dash-pending-withdraws">
        <Rial value={d.pending_withdraws?.amount} />
      </Figure>
      <Figure label="ورودی امروز" tone="in">
        <Rial value={d.today_in_rial} testid="dash-today-in" />
      </Figure>
      <Figure label="خروجی امروز" tone="out">
        <Rial value={d.today_out_rial} testid="dash-today-out" />
      </Figure>
      <Figure label="خرید مشتریان امروز" tone="in" count={d.today_buys?.count} testid="dash-today-buys">
        <Rial value={d.today_buys?.amount_rial} />
      </Figure>
      <Figure label="فروش مشتریان امروز" tone="out" count={d.today_sells?.count} testid="dash-today-sells">
        <Rial value={d.today_sells?.amount_rial} />
      </Figure>
    </div>
  );
}
