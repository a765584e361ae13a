// Wallet requests management (admin.md §2): filter, count, the list (DataList: a table on desktop, cards on
// a phone); pending requests are approved or rejected here with a reason.
import { useState } from "react";
import { errorText, type WalletFilter, type WalletRequest } from "../api";
import { Rial } from "../components/ui/amounts";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { DataList, type Column } from "../components/ui/data-list";
import { ListPending } from "../components/ui/list-pending";
import { ReceiptThumb } from "../components/wallet/receipt-thumb";
import { SelectField } from "../components/ui/select-field";
import { ReceiptIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { Button, Field, PageHeader, StatusCard } from "../components/ui";
import { useAdminList, useDateFilterForm } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useWalletDecision } from "../hooks/use-wallet-decision";
import { WalletApproveDialog } from "../components/wallet/wallet-approve-dialog";
import { EMPTY_WALLET_FILTER, walletFilter, type WalletFilterForm } from "../lib/admin-filters";
import { maskBankInfo } from "../lib/cards";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { fullName, walletStatusLabel, walletStatusTone, walletTypeLabel, walletTypeTone } from "../lib/labels";
import { EMPTY } from "../lib/money";
import "../styles/admin.css";
import { adminApi } from "../api-admin";

const TYPES = [
  { value: "", label: "همه" },
  { value: "deposit", label: "واریز" },
  { value: "withdraw", label: "برداشت" },
];
const STATUSES = [
  { value: "", label: "همه" },
  { value: "pending", label: "در انتظار" },
  { value: "approved", label: "تایید شده" },
  { value: "rejected", label: "رد شده" },
  { value: "canceled", label: "لغو شده" },
];
const FETCH_ERROR = "خطا در دریافت درخواست‌ها";

/** AdminWalletRequestsView is /AdminWalletRequests_page. */
export default function AdminWalletRequestsView() {
  const { list, loading, failed, load, reload } = useAdminList((filter: WalletFilter) => adminApi.adminWalletRequests(filter), (err) => errorText(err, FETCH_ERROR));
  const { form, set, apply, clear, dateErrorOf } = useDateFilterForm<WalletFilterForm, WalletFilter>(EMPTY_WALLET_FILTER, walletFilter, load);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const narrow = useMediaQuery(NARROW_LIST);

  const { busy, decide, approving, askApprove, confirmApprove, cancelApprove } = useWalletDecision(() => void reload());

  const reject = async (r: WalletRequest) => {
    if (await decide(r.id, "rejected", reasons[r.id] ?? "")) setReasons(({ [r.id]: _, ...rest }) => rest);
  };

  const actions = (r: WalletRequest) =>
    r.status === "pending" ? (
      <div className="wr-actions">
        <Button className="btn-sm" busy={busy[r.id] === "approved"} disabled={!!busy[r.id]} onClick={() => askApprove(r)} data-testid={`approve-${r.id}`}>
          {r.type === "deposit" ? "تایید واریز" : "تایید برداشت"}
        </Button>
        <div className="wr-reject">
          <input
            className="input input-sm"
            value={reasons[r.id] ?? ""}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              setReasons((m) => ({ ...m, [r.id]: v }));
            }}
            onKeyDown={(e) => e.key === "Enter" && void reject(r)}
            placeholder="دلیل رد"
            aria-label={`دلیل رد درخواست ${toFaDigits(r.id)}`}
            maxLength={500}
            data-testid={`reject-reason-${r.id}`}
          />
          <Button variant="danger" className="btn-sm" busy={busy[r.id] === "rejected"} disabled={!!busy[r.id]} onClick={() => reject(r)} data-testid={`reject-${r.id}`}>
            رد
          </Button>
        </div>
      </div>
    ) : r.status === "rejected" && r.reject_reason ? (
      <p className="wr-reason">
        <span className="muted">دلیل رد: </span>
        {r.reject_reason}
      </p>
    ) : narrow ? null : (
      // a card of a decided request ends without a foot; the table's column shows a dash
      <span className="muted">{EMPTY}</span>
    );

  // in the table's order; on a phone the head ones lead the card and the amount adds its toman
  const columns: Column<WalletRequest>[] = [
    { label: "شناسه", head: true, className: "num wr-id", cell: (r) => (narrow ? `#${toFaDigits(r.id)}` : toFaDigits(r.id)) },
    { label: "تاریخ", className: "num", cell: (r) => formatJalaliDateTimeShort(r.created_at) },
    {
      label: "کاربر",
      cell: (r) => (
        <>
          <span className="cell-main">{fullName(r.first_name, r.last_name, EMPTY)}</span>
          <span className="cell-sub">{`شناسه ${toFaDigits(r.user_id)}`}</span>
        </>
      ),
    },
    { label: "نوع", head: true, cell: (r) => <StatusBadge tone={walletTypeTone(r.type)}>{walletTypeLabel(r.type)}</StatusBadge> },
    { label: "مبلغ", className: "num", cell: (r) => <Rial value={r.amount} toman={narrow} /> },
    { label: "حساب بانکی", className: "num", cell: (r) => <bdi dir="ltr">{maskBankInfo(r.card_number, r.iban)}</bdi> },
    { label: "رسید", blank: (r) => !r.receipt_image, cell: (r) => <ReceiptThumb src={r.receipt_image} id={r.id} /> },
    {
      label: "وضعیت",
      head: true,
      cell: (r) => (
        <StatusBadge tone={walletStatusTone(r.status, "admin")} testid={`status-${r.id}`}>
          {walletStatusLabel(r.status, "admin")}
        </StatusBadge>
      ),
    },
  ];

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="مدیریت درخواست‌های کیف پول" />

      <FilterPanel label="فیلتر درخواست‌ها" id="wr-filters" onSubmit={apply}>
        <Field label="جستجوی کاربر" value={form.userSearch} onValue={set("userSearch")} placeholder="نام، شماره موبایل یا شناسه" data-testid="filter-user" />
        <SelectField label="نوع" value={form.type} onValue={set("type")} options={TYPES} testid="filter-type" />
        <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={STATUSES} testid="filter-status" />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<ReceiptIcon size={40} />} title={FETCH_ERROR} onRetry={reload} />
      ) : (
        <>
          <p className="list-count" data-testid="request-count" aria-live="polite">
            {`تعداد درخواست‌ها: ${toFaDigits(list.length)}`}
          </p>
          {list.length === 0 ? (
            <StatusCard icon={<ReceiptIcon size={40} />} title="درخواستی یافت نشد" testid="wr-empty" />
          ) : (
            <DataList
              rows={list}
              columns={columns}
              rowKey={(r) => r.id}
              narrow={narrow}
              caption="درخواست‌های کیف پول"
              busy={loading}
              testid="wr-row"
              rowAttrs={(r) => ({ "data-id": r.id })}
              actions={actions}
            />
          )}
        </>
      )}
      {approving && <WalletApproveDialog request={approving} busy={busy[approving.id] === "approved"} onConfirm={confirmApprove} onClose={cancelApprove} />}
    </div>
  );
}
