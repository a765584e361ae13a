// The columns of the melts page (issue 39), drawn by DataList: a lot waiting for the melter (its tag, what it
// was, its 750-equivalent, when it came in) and a batch (its status, melter, lots, their 750-equivalent, the bar,
// the loss, who sent it and who entered the result).
import type { MeltBatch, VaultItem } from "../../api-types";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { lossOf, meltStatusLabel, meltStatusTone } from "../../lib/melts";
import { EMPTY } from "../../lib/money";
import { Gold } from "../ui/amounts";
import type { Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";

/** LOT_COLUMNS are a waiting lot's. */
export const LOT_COLUMNS: Column<VaultItem>[] = [
  { label: "اتیکت", head: true, className: "strong", cell: (it) => (it.tag ? <bdi dir="ltr">{it.tag}</bdi> : EMPTY) },
  { label: "شرح", cell: (it) => (it.description ? toFaDigits(it.description) : "طلای متفرقه") },
  { label: "وزن ۷۵۰", className: "num", end: true, cell: (it) => <Gold value={it.weight750} testid={`melt-lot-750-${it.id}`} /> },
  { label: "تاریخ ورود", className: "num", cell: (it) => formatJalaliDateTimeShort(it.created_at) },
];

/** When is who did something and when, on two lines: the time, then the name. */
function When({ at, by }: { at: string | null | undefined; by: string | undefined }) {
  if (!at) return <>{EMPTY}</>;
  return (
    <>
      <span className="cell-main">{formatJalaliDateTimeShort(at)}</span>
      {by && <span className="cell-sub">{by}</span>}
    </>
  );
}

/** Loss is a batch's loss: «کاهش ذوب» in red, «افزایش» in green; a dash before the result. */
function Loss({ batch }: { batch: MeltBatch }) {
  const loss = lossOf(batch.loss750);
  if (!loss) return <span data-testid={`melt-loss-${batch.id}`}>{EMPTY}</span>;
  return (
    <span className={`melt-loss${loss.gain ? " is-gain" : ""}`} data-testid={`melt-loss-${batch.id}`} data-gain={loss.gain ? "yes" : "no"}>
      {`${loss.label} ${loss.grams} گرم`}
    </span>
  );
}

/** BATCH_COLUMNS are a batch's. */
export const BATCH_COLUMNS: Column<MeltBatch>[] = [
  { label: "دسته", head: true, className: "strong num", cell: (b) => `دسته ${toFaDigits(b.id)}` },
  {
    label: "وضعیت",
    head: true,
    cell: (b) => (
      <StatusBadge tone={meltStatusTone(b.status)} testid={`melt-status-${b.id}`}>
        {meltStatusLabel(b.status)}
      </StatusBadge>
    ),
  },
  { label: "ذوب‌کار", className: "nowrap", cell: (b) => (b.melter ? toFaDigits(b.melter) : EMPTY) },
  {
    label: "قطعه‌ها (وزن ۷۵۰)",
    className: "num",
    end: true,
    cell: (b) => (
      <>
        <span className="cell-main">
          <Gold value={b.lots750} testid={`melt-lots750-${b.id}`} />
        </span>
        <span className="cell-sub">{`${toFaDigits(b.lots.length)} قطعه`}</span>
      </>
    ),
  },
  { label: "شمش (وزن ۷۵۰)", className: "num", end: true, blank: (b) => !b.bar750, cell: (b) => (b.bar750 ? <Gold value={b.bar750} testid={`melt-bar750-${b.id}`} /> : EMPTY) },
  { label: "کاهش ذوب", className: "num", end: true, blank: (b) => b.loss750 === null, cell: (b) => <Loss batch={b} /> },
  { label: "فرستاده", className: "num", cell: (b) => <When at={b.sent_at} by={b.sent_by} /> },
  { label: "نتیجه", className: "num", blank: (b) => !b.decided_at, cell: (b) => <When at={b.decided_at} by={b.decided_by} /> },
  {
    label: "توضیح",
    wide: true,
    blank: (b) => !b.note && !b.result_note,
    cell: (b) => [b.note, b.result_note].filter(Boolean).map((t) => toFaDigits(t)).join(" · ") || EMPTY,
  },
];
