// The abshodeh requests of the review screen, drawn by DataList (a table on a desktop, cards on a phone), with
// the decisions each request's state allows (decisions.md §6), and the dialog that asks for a rejection's reason.
import { useState, type SyntheticEvent } from "react";
import { formatPurity } from "../../lib/gold-request";
import { goldRequestStatusLabel, goldRequestStatusTone } from "../../lib/labels";
import type { GoldRequest } from "../../api";
import { ABSHODEH_MESSAGES, DECISION_LABELS, decisionsFor, type GoldDecision } from "../../lib/abshodeh";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { fullName } from "../../lib/labels";
import { EMPTY, formatGold } from "../../lib/money";
import { Gold } from "../ui/amounts";
import { Modal } from "../ui/admin-modal";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataList, type Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";
import { Button, Field } from "../ui";

type ListProps = {
  requests: GoldRequest[];
  narrow: boolean;
  loading: boolean;
  /** busy holds the decision on its way for each request. */
  busy: Record<number, GoldDecision>;
  onDecide: (r: GoldRequest, d: GoldDecision) => void;
};

function Actions({ r, busy, onDecide }: { r: GoldRequest; busy: GoldDecision | undefined; onDecide: ListProps["onDecide"] }) {
  const decisions = decisionsFor(r.status);
  if (!decisions.length) return null; // a decided request: an empty cell, a card with no foot
  return (
    <div className="gr-actions">
      {decisions.map((d) => (
        <Button
          key={d}
          variant={d === "rejected" ? "danger" : d === "approved" ? "primary" : "secondary"}
          className="btn-sm"
          busy={busy === d}
          disabled={!!busy}
          onClick={() => onDecide(r, d)}
          data-testid={`gr-${d}-${r.id}`}
        >
          {DECISION_LABELS[d]}
        </Button>
      ))}
    </div>
  );
}

const phone = (r: GoldRequest) => (r.phone_number ? toFaDigits(r.phone_number) : EMPTY);

/** COLUMNS are a request's fields, the bar's figures as they were when asked. */
const COLUMNS: Column<GoldRequest>[] = [
  { label: "شناسه", head: true, className: "wr-id", cell: (r) => `#${toFaDigits(r.id)}` },
  {
    label: "وضعیت",
    head: true,
    cell: (r) => (
      <StatusBadge tone={goldRequestStatusTone(r.status, "admin")} testid={`gr-status-${r.id}`}>
        {goldRequestStatusLabel(r.status, "admin")}
      </StatusBadge>
    ),
  },
  { label: "تاریخ", className: "num", cell: (r) => formatJalaliDateTimeShort(r.created_at) },
  {
    label: "کاربر",
    cell: (r) => (
      <>
        <span className="cell-main">{fullName(r.first_name, r.last_name, EMPTY)}</span>
        <span className="cell-sub" dir="ltr">
          {phone(r)}
        </span>
      </>
    ),
  },
  { label: "آزمایشگاه (ری)", cell: (r) => r.rey },
  { label: "شماره انگ", className: "num", cell: (r) => toFaDigits(r.ang) },
  { label: "عیار", className: "num", cell: (r) => formatPurity(r.ayar) },
  { label: "وزن", className: "num", cell: (r) => <Gold value={r.vazn} /> },
  { label: "وزن ۷۵۰", className: "num", cell: (r) => <Gold value={r.vazn750} /> },
  {
    label: "دلیل رد",
    className: "cell-reason",
    blank: (r) => !r.reject_reason,
    cell: (r) => <span data-testid={`gr-reason-${r.id}`}>{r.reject_reason || <span className="muted">{EMPTY}</span>}</span>,
  },
];

/** RequestList shows the abshodeh requests with their decisions: a table on a desktop, cards on a phone. */
export function RequestList({ requests, narrow, loading, busy, onDecide }: ListProps) {
  return (
    <DataList
      rows={requests}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      narrow={narrow}
      caption="درخواست‌های آبشده"
      busy={loading}
      testid="gr-row"
      rowAttrs={(r) => ({ "data-id": r.id, "data-status": r.status })}
      actions={(r) => (decisionsFor(r.status).length ? <Actions r={r} busy={busy[r.id]} onDecide={onDecide} /> : null)}
    />
  );
}

type RejectProps = {
  request: GoldRequest;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
};

/**
 * RejectDialog asks for the reason of a rejection; an empty reason is allowed (the server writes its
 * default). Rejecting an approved request gives its gold back, which the dialog says.
 */
export function RejectDialog({ request: r, busy, onReject, onClose }: RejectProps) {
  const [reason, setReason] = useState("");
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!busy) onReject(reason);
  };
  return (
    <Modal
      title={`رد درخواست #${toFaDigits(r.id)}`}
      role="alertdialog"
      onClose={() => !busy && onClose()}
      testid="gr-reject-dialog"
      footer={
        <div className="modal-buttons">
          <Button variant="danger" busy={busy} onClick={submit} data-testid="gr-reject-confirm">
            رد درخواست
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose} data-testid="gr-reject-cancel">
            انصراف
          </Button>
        </div>
      }
    >
      <dl className="kv reject-summary">
        <dt>مشتری</dt>
        <dd>{fullName(r.first_name, r.last_name, EMPTY)}</dd>
        <dt>آزمایشگاه (ری)</dt>
        <dd>{r.rey}</dd>
        <dt>شماره انگ</dt>
        <dd>{toFaDigits(r.ang)}</dd>
        <dt>وزن ۷۵۰</dt>
        <dd>{`${formatGold(r.vazn750)} گرم`}</dd>
      </dl>
      <p className="reject-note">
        {r.status === "pending"
          ? "آبشده آزاد می‌شود و طلای نگه‌داشته‌شده به موجودی قابل استفاده مشتری برمی‌گردد."
          : "طلای کسرشده به حساب مشتری برمی‌گردد و آبشده آزاد می‌شود."}
      </p>
      <form onSubmit={submit} noValidate>
        <Field
          label="دلیل رد (اختیاری)"
          value={reason}
          onValue={setReason}
          maxLength={500}
          autoComplete="off"
          hint={`اگر خالی بماند: «${ABSHODEH_MESSAGES.defaultRejectReason}»`}
          data-testid="gr-reject-reason"
        />
      </form>
    </Modal>
  );
}

type Forward = Exclude<GoldDecision, "rejected">;

const QUESTION: Record<Forward, { title: string; yes: string; text: (bar: string, who: string) => string }> = {
  approved: {
    title: "تایید درخواست آبشده",
    yes: "بله، تایید شود",
    text: (bar, who) => `طلای ${bar} از موجودی ${who} کسر و آبشده برای او کنار گذاشته می‌شود.`,
  },
  ready: {
    title: "آماده تحویل",
    yes: "بله، آماده است",
    text: (bar, who) => `${bar} برای تحویل به ${who} آماده اعلام می‌شود؛ این درخواست دیگر به «تایید شده» برنمی‌گردد.`,
  },
  delivered: {
    title: "ثبت تحویل آبشده",
    yes: "بله، تحویل داده شد",
    text: (bar, who) => `${bar} به ${who} تحویل داده شده و از انبار خارج می‌شود. این کار برگشت‌پذیر نیست.`,
  },
};

type DecisionProps = { request: GoldRequest; decision: Forward; busy: boolean; onConfirm: () => void; onClose: () => void };

/** DecisionDialog asks before a request moves on: approval takes the customer's gold, delivery is final. */
export function DecisionDialog({ request: r, decision, busy, onConfirm, onClose }: DecisionProps) {
  const q = QUESTION[decision];
  const bar = `آبشده آزمایشگاه «${r.rey}»، انگ ${toFaDigits(r.ang)} (وزن ۷۵۰: ${formatGold(r.vazn750)} گرم)`;
  const who = `${fullName(r.first_name, r.last_name, EMPTY)} (${phone(r)})`;
  return (
    <ConfirmDialog title={q.title} yes={q.yes} busy={busy} onConfirm={onConfirm} onClose={onClose} testid="gr-decision">
      <p className="confirm-text">{q.text(bar, who)}</p>
    </ConfirmDialog>
  );
}
