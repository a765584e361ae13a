// /wallet-requests_page: the customer's own deposit and withdraw requests, newest first, with their state;
// a pending withdraw can be cancelled here too. A table on a desktop, cards under 768 px (money.css).
import { api } from "../api";
import { InfoIcon, ReceiptIcon } from "../components/icons";
import { StatusBadge } from "../components/status-badge";
import { Button, LinkButton, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { useCancel } from "../components/withdraw-panel";
import { useLoad } from "../hooks/use-load";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { walletStatusLabel, walletStatusTone, walletTypeLabel } from "../lib/labels";
import { EMPTY, formatRial } from "../lib/money";
import { isSameOriginPath, WALLET_MESSAGES as M } from "../lib/wallet";
import "../styles/card-tables.css";

/** NO_REQUESTS is the empty list's text. */
export const NO_REQUESTS = "هنوز درخواستی ثبت نکرده‌اید";

/** WalletRequestsView is /wallet-requests_page. */
export default function WalletRequestsView() {
  const { data: list, failed, reload: load } = useLoad(async () => (await api.myWalletRequests()) ?? [], M.requestsFailed);
  const [cancelling, cancel] = useCancel(load);

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
          <div className="table-wrap card">
            <table className="table table-dense rtable requests">
              <caption className="visually-hidden">درخواست‌های واریز و برداشت شما</caption>
              <thead>
                <tr>
                  <th scope="col">نوع</th>
                  <th scope="col">تاریخ</th>
                  <th scope="col" className="amt">
                    مبلغ (ریال)
                  </th>
                  <th scope="col">وضعیت</th>
                  <th scope="col">دلیل رد</th>
                  <th scope="col">رسید</th>
                  <th scope="col">
                    <span className="visually-hidden">عملیات</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => {
                  const receipt = isSameOriginPath(r.receipt_image) ? r.receipt_image : null;
                  const canCancel = r.status === "pending" && r.type === "withdraw";
                  return (
                    <tr key={r.id} data-testid="request-row" data-id={r.id} data-status={r.status}>
                      <td data-label="نوع" className={`type-cell type-${r.type}`}>
                        {walletTypeLabel(r.type)}
                      </td>
                      <td data-label="تاریخ" className="num date-cell">
                        {formatJalaliDateTimeShort(r.created_at)}
                      </td>
                      <td data-label="مبلغ (ریال)" className="num amt amount-cell">
                        {formatRial(r.amount)}
                      </td>
                      <td data-label="وضعیت" className="status-cell">
                        <StatusBadge tone={walletStatusTone(r.status, "customer")}>{walletStatusLabel(r.status, "customer")}</StatusBadge>
                      </td>
                      <td data-label="دلیل رد" className={`reason-cell${r.reject_reason ? "" : " is-empty"}`}>
                        {r.reject_reason || EMPTY}
                      </td>
                      <td data-label="رسید" className={receipt ? "" : "is-empty"}>
                        {receipt ? (
                          <a href={receipt} target="_blank" rel="noopener noreferrer" data-testid={`receipt-${r.id}`}>
                            مشاهده رسید
                          </a>
                        ) : (
                          EMPTY
                        )}
                      </td>
                      <td className={`actions-cell${canCancel ? "" : " is-empty"}`}>
                        {canCancel && (
                          <Button variant="danger" className="btn-sm" busy={cancelling === r.id} disabled={cancelling !== null} onClick={() => cancel(r.id)} data-testid={`cancel-${r.id}`}>
                            لغو درخواست
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
