// The columns of the shop's holdings (issue 26): an item of the vault, and an abshodeh bar with the bar's own
// columns (lab, ingot, purity, weights and the status its requests give it), each drawn by DataList.
import type { Bar, VaultItem } from "../../api";
import { barLockReason, barStatusLabel, barStatusTone } from "../../lib/abshodeh";
import { toFaDigits } from "../../lib/digits";
import { faText, formatPurity } from "../../lib/gold-request";
import { formatJalaliDateTimeShort } from "../../lib/jalali";
import { EMPTY } from "../../lib/money";
import { CODE_FIELDS, vaultKindLabel, vaultStatusLabel, vaultStatusTone } from "../../lib/vault";
import { Gold } from "../ui/amounts";
import type { Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";
import { Button } from "../ui";

/** marks lists an item's lab, ingot number and codes as they were typed, one a line, with Persian digits. */
function marks(it: VaultItem) {
  const kept = CODE_FIELDS.filter((c) => it[c.key]);
  if (!kept.length) return EMPTY;
  return (
    <ul className="vault-marks">
      {kept.map((c) => (
        <li key={c.key}>
          <span className="muted">{`${c.label}: `}</span>
          <bdi>{faText(it[c.key])}</bdi>
        </li>
      ))}
    </ul>
  );
}

/** ITEM_COLUMNS are a vault item's. */
export const ITEM_COLUMNS: Column<VaultItem>[] = [
  {
    label: "کالا",
    head: true,
    className: "strong",
    cell: (it) => (it.description ? `${vaultKindLabel(it.kind)} · ${it.description}` : vaultKindLabel(it.kind)),
  },
  {
    label: "وضعیت",
    head: true,
    cell: (it) => (
      <span className="vault-badges">
        <StatusBadge tone={vaultStatusTone(it.status)}>{vaultStatusLabel(it.status)}</StatusBadge>
        {it.requestable && it.status === "in" && <StatusBadge tone="info">عرضه به مشتری</StatusBadge>}
      </span>
    ),
  },
  { label: "عیار", className: "num", cell: (it) => formatPurity(it.purity) },
  { label: "وزن", className: "num", cell: (it) => <Gold value={it.weight} testid={`vault-weight-${it.id}`} /> },
  { label: "وزن ۷۵۰", className: "num", cell: (it) => <Gold value={it.weight750} testid={`vault-w750-${it.id}`} /> },
  {
    label: "اتیکت",
    className: "num",
    blank: (it) => !it.tag,
    cell: (it) => (it.tag ? <bdi data-testid={`vault-tag-${it.id}`}>{faText(it.tag)}</bdi> : EMPTY),
  },
  { label: "نشان‌ها", wide: true, cell: marks },
  { label: "تاریخ ثبت", className: "num", cell: (it) => formatJalaliDateTimeShort(it.created_at) },
];

/** BAR_COLUMNS are an abshodeh bar's. */
export const BAR_COLUMNS: Column<Bar>[] = [
  { label: "آزمایشگاه (ری)", head: true, className: "strong", cell: (b) => b.rey },
  {
    label: "وضعیت",
    head: true,
    cell: (b) => (
      <StatusBadge tone={barStatusTone(b.status)} testid={`bar-status-${b.id}`}>
        {barStatusLabel(b.status)}
      </StatusBadge>
    ),
  },
  { label: "شناسه", className: "num", cell: (b) => toFaDigits(b.id) },
  { label: "شماره انگ", className: "num", cell: (b) => toFaDigits(b.ang) },
  { label: "عیار", className: "num", cell: (b) => formatPurity(b.ayar) },
  { label: "وزن", className: "num", cell: (b) => <Gold value={b.vazn} /> },
  { label: "وزن ۷۵۰", className: "num", cell: (b) => <Gold value={b.vazn750} testid={`bar-vazn750-${b.id}`} /> },
  { label: "تاریخ ثبت", className: "num", cell: (b) => formatJalaliDateTimeShort(b.created_at) },
];

/**
 * BarActions are an available bar's edit and delete; a reserved or delivered one keeps them, disabled, with
 * the reason under them.
 */
export function BarActions({ bar, onEdit, onDelete }: { bar: Bar; onEdit: (bar: Bar) => void; onDelete: (bar: Bar) => void }) {
  const locked = barLockReason(bar);
  const hintId = `bar-lock-${bar.id}`;
  const lock = { disabled: !!locked, title: locked ?? undefined, "aria-describedby": locked ? hintId : undefined };
  return (
    <div className="bar-actions">
      <div className="bar-buttons">
        <Button variant="secondary" className="btn-sm" {...lock} onClick={() => onEdit(bar)} data-testid={`bar-edit-${bar.id}`}>
          ویرایش
        </Button>
        <Button variant="danger" className="btn-sm" {...lock} onClick={() => onDelete(bar)} data-testid={`bar-delete-${bar.id}`}>
          حذف
        </Button>
      </div>
      {locked && (
        <p id={hintId} className="bar-lock" data-testid={`bar-lock-${bar.id}`}>
          {locked}
        </p>
      )}
    </div>
  );
}
