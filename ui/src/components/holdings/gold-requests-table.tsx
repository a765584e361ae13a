// The customer's own abshodeh requests, newest first, drawn by DataList (a table on a desktop, a card per
// request on a phone). A pending request has a cancel button.
import type { GoldRequest } from "../../api";
import { canCancel, faText, formatPurity } from "../../lib/gold-request";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { goldRequestStatusLabel, goldRequestStatusTone } from "../../lib/labels";
import { EMPTY, formatGold } from "../../lib/money";
import { DataList, type Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";
import { Button } from "../ui";

type Props = {
  requests: readonly GoldRequest[];
  narrow: boolean;
  /** cancelling is the id of the request being cancelled, if any. */
  cancelling: number | null;
  onCancel: (request: GoldRequest) => void;
};

const reasonOf = (r: GoldRequest) => (r.status === "rejected" ? r.reject_reason : "");

const COLUMNS: Column<GoldRequest>[] = [
  { label: "آزمایشگاه (ری)", head: true, className: "lab-cell", cell: (r) => faText(r.rey) },
  {
    label: "وضعیت",
    head: true,
    cell: (r) => (
      <StatusBadge tone={goldRequestStatusTone(r.status)} testid={`gold-status-${r.id}`}>
        {goldRequestStatusLabel(r.status)}
      </StatusBadge>
    ),
  },
  { label: "تاریخ", className: "num", cell: (r) => formatJalaliDateTimeShort(r.created_at) },
  { label: "شماره انگ", className: "num", cell: (r) => faText(r.ang) },
  { label: "عیار", className: "num", end: true, cell: (r) => formatPurity(r.ayar) },
  { label: "وزن ۷۵۰ (گرم)", className: "num vazn750-cell", end: true, cell: (r) => formatGold(r.vazn750) },
  {
    label: "دلیل رد",
    className: "reason-cell",
    blank: (r) => !reasonOf(r),
    cell: (r) => (reasonOf(r) ? <span data-testid={`gold-reason-${r.id}`}>{reasonOf(r)}</span> : <span className="muted">{EMPTY}</span>),
  },
];

/** GoldRequestsTable lists the customer's abshodeh requests with their state. */
export function GoldRequestsTable({ requests, narrow, cancelling, onCancel }: Props) {
  return (
    <div className="gold-requests" data-testid="gold-requests">
      <DataList
        rows={requests}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        narrow={narrow}
        caption="درخواست‌های آبشده شما، جدیدترین در بالا"
        dense
        testid="gold-request"
        rowAttrs={(r) => ({ "data-testid": `gold-request-${r.id}`, "data-status": r.status })}
        actions={(r) =>
          canCancel(r) ? (
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
          ) : null
        }
      />
    </div>
  );
}
