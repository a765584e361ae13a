// /wallet-requests_page: the customer's own deposit and withdraw requests, newest first, with their state;
// a pending withdraw can be cancelled here too. One list (DataList): a table on a desktop, cards on a phone.
import { api, type WalletRequest } from "../api";
import { DataList, type Column } from "../components/ui/data-list";
import { InfoIcon, ReceiptIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { Button, LinkButton, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { useCancel } from "../components/wallet/withdraw-panel";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { walletStatusLabel, walletStatusTone, walletTypeLabel } from "../lib/labels";
import { EMPTY, formatRial } from "../lib/money";
import { isSameOriginPath, WALLET_MESSAGES as M } from "../lib/wallet";

/** NO_REQUESTS is the empty list's text. */
export const NO_REQUESTS = "هنوز درخواستی ثبت نکرده‌اید";

/** Receipt is a deposit's receipt as a link to the full image, or a dash. */
function Receipt({ r }: { r: WalletRequest }) {
  const receipt = isSameOriginPath(r.receipt_image) ? r.receipt_image : null;
  if (!receipt) return <>{EMPTY}</>;
  return (
    <a href={receipt} target="_blank" rel="noopener noreferrer" data-testid={`receipt-${r.id}`}>
      مشاهده رسید
    </a>
  );
}

/** COLUMNS are a request's fields; on a phone its type and state head the card, which leaves out what is empty. */
const COLUMNS: Column<WalletRequest>[] = [
  { label: "نوع", head: true, className: "strong", cell: (r) => walletTypeLabel(r.type) },
  { label: "تاریخ", className: "num", cell: (r) => formatJalaliDateTimeShort(r.created_at) },
  { label: "مبلغ (ریال)", className: "num strong", end: true, cell: (r) => formatRial(r.amount) },
  { label: "وضعیت", head: true, cell: (r) => <StatusBadge tone={walletStatusTone(r.status, "customer")}>{walletStatusLabel(r.status, "customer")}</StatusBadge> },
  { label: "دلیل رد", blank: (r) => !r.reject_reason, cell: (r) => r.reject_reason || EMPTY },
  { label: "رسید", blank: (r) => !isSameOriginPath(r.receipt_image), cell: (r) => <Receipt r={r} /> },
];

/** WalletRequestsView is /wallet-requests_page. */
export default function WalletRequestsView() {
  const { data: list, failed, reload: load } = useLoad(async () => (await api.myWalletRequests()) ?? [], M.requestsFailed);
  const [cancelling, cancel] = useCancel(load);
  const narrow = useMediaQuery(NARROW_LIST);

  return (
    <div className="wallet-requests">
      <PageHeader title="درخواست‌های کیف پول من" />
      {list === null ? (
        failed ? (
          <LoadFailed icon={<InfoIcon size={40} />} title={M.requestsFailed} onRetry={load} />
        ) : (
          <Loading text="در حال دریافت درخواست‌ها…" />
        )
      ) : list.length === 0 ? (
        <StatusCard icon={<ReceiptIcon size={40} />} title={NO_REQUESTS} text="درخواست‌های واریز و برداشت شما اینجا نشان داده می‌شود." testid="requests-empty">
          <LinkButton href="/deposit-withdraw_page">رفتن به کیف پول</LinkButton>
        </StatusCard>
      ) : (
        <>
          <p className="list-count">{`${toFaDigits(list.length)} درخواست، جدیدترین در بالا`}</p>
          <DataList
            rows={list}
            columns={COLUMNS}
            rowKey={(r) => r.id}
            narrow={narrow}
            caption="درخواست‌های واریز و برداشت شما"
            testid="request-row"
            rowAttrs={(r) => ({ "data-id": r.id, "data-status": r.status })}
            actions={(r) =>
              r.status === "pending" && r.type === "withdraw" ? (
                <Button variant="danger" className="btn-sm" busy={cancelling === r.id} disabled={cancelling !== null} onClick={() => cancel(r.id)} data-testid={`cancel-${r.id}`}>
                  لغو درخواست
                </Button>
              ) : null
            }
          />
        </>
      )}
    </div>
  );
}
