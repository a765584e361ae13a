// The customer's own abshodeh requests, newest first: a table on a desktop, cards under 768 px
// (card-tables.css, gold.css). A pending request has a cancel button.
import type { GoldRequest } from "../api";
import { canCancel, faText, formatPurity } from "../lib/gold-request";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { goldRequestStatusLabel, goldRequestStatusTone } from "../lib/labels";
import { EMPTY, formatGold } from "../lib/money";
import { StatusBadge } from "./ui/status-badge";
import { Button } from "./ui";
import "../styles/card-tables.css";

type Props = {
  requests: readonly GoldRequest[];
  /** cancelling is the id of the request being cancelled, if any. */
  cancelling: number | null;
  onCancel: (request: GoldRequest) => void;
};

/** GoldRequestsTable lists the customer's abshodeh requests with their state. */
export function GoldRequestsTable({ requests, cancelling, onCancel }: Props) {
  return (
    <div className="table-wrap card">
      <table className="table table-dense rtable requests gold-requests" data-testid="gold-requests">
        <caption className="visually-hidden">درخواست‌های آبشده شما، جدیدترین در بالا</caption>
        <thead>
          <tr>
            <th scope="col">تاریخ</th>
            <th scope="col">آزمایشگاه (ری)</th>
            <th scope="col">شماره انگ</th>
            <th scope="col" className="amt">
              عیار
            </th>
            <th scope="col" className="amt">
              وزن ۷۵۰ (گرم)
            </th>
            <th scope="col">وضعیت</th>
            <th scope="col">دلیل رد</th>
            <th scope="col">
              <span className="visually-hidden">عملیات</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => {
            const cancellable = canCancel(r);
            const reason = r.status === "rejected" ? r.reject_reason : "";
            return (
              <tr key={r.id} data-testid={`gold-request-${r.id}`} data-status={r.status}>
                <td data-label="تاریخ" className="num date-cell">
                  {formatJalaliDateTimeShort(r.created_at)}
                </td>
                <td data-label="آزمایشگاه (ری)" className="type-cell lab-cell">
                  {faText(r.rey)}
                </td>
                <td data-label="شماره انگ" className="num ang-cell">
                  {faText(r.ang)}
                </td>
                <td data-label="عیار" className="num amt">
                  {formatPurity(r.ayar)}
                </td>
                <td data-label="وزن ۷۵۰" className="num amt vazn750-cell">
                  <span>
                    {formatGold(r.vazn750)}
                    <span className="amount-unit gold-card-unit"> گرم</span>
                  </span>
                </td>
                <td data-label="وضعیت" className="status-cell">
                  <StatusBadge tone={goldRequestStatusTone(r.status)} testid={`gold-status-${r.id}`}>
                    {goldRequestStatusLabel(r.status)}
                  </StatusBadge>
                </td>
                <td data-label="دلیل رد" className={`reason-cell${reason ? "" : " is-empty"}`} data-testid={reason ? `gold-reason-${r.id}` : undefined}>
                  {reason || EMPTY}
                </td>
                <td className={`actions-cell${cancellable ? "" : " is-empty"}`}>
                  {cancellable && (
                    <Button
                      variant="danger"
                      className="btn-sm"
                      busy={cancelling === r.id}
                      disabled={cancelling !== null}
                      onClick={() => onCancel(r)}
                      data-testid={`gold-cancel-${r.id}`}
                    >
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
  );
}
