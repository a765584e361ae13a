// The inventory's bars: a table on a desktop, cards on a phone. Each available bar can be edited or
// deleted; a reserved or delivered one keeps its buttons, disabled, with the reason beside them. Without
// onEdit and onDelete (staff, who may only look) the list has no buttons at all.
import type { Bar } from "../api";
import { formatPurity } from "../lib/gold-request";
import { barLockReason, barStatusLabel, barStatusTone } from "../lib/abshodeh";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { Gold } from "./amounts";
import { StatusBadge } from "./ui/status-badge";
import { Button } from "./ui";

type Props = {
  bars: Bar[];
  narrow: boolean;
  busy: boolean;
  onEdit?: (bar: Bar) => void;
  onDelete?: (bar: Bar) => void;
};

function Actions({ bar, onEdit, onDelete }: { bar: Bar; onEdit: (bar: Bar) => void; onDelete: (bar: Bar) => void }) {
  const locked = barLockReason(bar);
  const hintId = `bar-lock-${bar.id}`;
  return (
    <div className="bar-actions">
      <div className="bar-buttons">
        <Button
          variant="secondary"
          className="btn-sm"
          disabled={!!locked}
          title={locked ?? undefined}
          aria-describedby={locked ? hintId : undefined}
          onClick={() => onEdit(bar)}
          data-testid={`bar-edit-${bar.id}`}
        >
          ویرایش
        </Button>
        <Button
          variant="danger"
          className="btn-sm"
          disabled={!!locked}
          title={locked ?? undefined}
          aria-describedby={locked ? hintId : undefined}
          onClick={() => onDelete(bar)}
          data-testid={`bar-delete-${bar.id}`}
        >
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

type Figures = Pick<Bar, "rey" | "ang" | "ayar" | "vazn" | "vazn750">;

/** BarFigures is a bar's purity and weights on a phone card, with its lab and ingot number when asked. */
export function BarFigures({ bar, withLab, testid }: { bar: Figures; withLab?: boolean; testid?: string }) {
  return (
    <dl className="bar-figures">
      {withLab && (
        <>
          <div className="bar-figure-wide">
            <dt className="bar-figure-label">آزمایشگاه (ری)</dt>
            <dd className="bar-figure-value">{bar.rey}</dd>
          </div>
          <div>
            <dt className="bar-figure-label">شماره انگ</dt>
            <dd className="bar-figure-value">{toFaDigits(bar.ang)}</dd>
          </div>
        </>
      )}
      <div>
        <dt className="bar-figure-label">عیار</dt>
        <dd className="bar-figure-value">{formatPurity(bar.ayar)}</dd>
      </div>
      <div>
        <dt className="bar-figure-label">وزن</dt>
        <dd>
          <Gold value={bar.vazn} />
        </dd>
      </div>
      <div>
        <dt className="bar-figure-label">وزن ۷۵۰</dt>
        <dd>
          <Gold value={bar.vazn750} testid={testid} />
        </dd>
      </div>
    </dl>
  );
}

/** BarList shows the bars of the inventory with their actions. */
export function BarList({ bars, narrow, busy, onEdit, onDelete }: Props) {
  if (narrow) {
    return (
      <ul className="cards-list" aria-busy={busy}>
        {bars.map((b) => (
          <li key={b.id} className="card bar-card" data-testid="bar-row" data-id={b.id} data-status={b.status}>
            <div className="bar-card-head">
              <div className="bar-card-title">
                <span className="bar-lab">{b.rey}</span>
                <span className="bar-ang">{`شماره انگ ${toFaDigits(b.ang)}`}</span>
              </div>
              <StatusBadge tone={barStatusTone(b.status)} testid={`bar-status-${b.id}`}>
                {barStatusLabel(b.status)}
              </StatusBadge>
            </div>
            <BarFigures bar={b} testid={`bar-vazn750-${b.id}`} />
            <p className="bar-meta muted small">{`#${toFaDigits(b.id)} · ثبت ${formatJalaliDateTimeShort(b.created_at)}`}</p>
            {onEdit && onDelete && <Actions bar={b} onEdit={onEdit} onDelete={onDelete} />}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="table-wrap card" aria-busy={busy}>
      <table className="table bar-table">
        <thead>
          <tr>
            <th scope="col">شناسه</th>
            <th scope="col">آزمایشگاه (ری)</th>
            <th scope="col">شماره انگ</th>
            <th scope="col">عیار</th>
            <th scope="col">وزن</th>
            <th scope="col">وزن ۷۵۰</th>
            <th scope="col">وضعیت</th>
            <th scope="col">تاریخ ثبت</th>
            {onEdit && onDelete && <th scope="col">عملیات</th>}
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.id} data-testid="bar-row" data-id={b.id} data-status={b.status}>
              <td className="num">{toFaDigits(b.id)}</td>
              <td className="strong">{b.rey}</td>
              <td className="num">{toFaDigits(b.ang)}</td>
              <td className="num">{formatPurity(b.ayar)}</td>
              <td className="num">
                <Gold value={b.vazn} />
              </td>
              <td className="num">
                <Gold value={b.vazn750} testid={`bar-vazn750-${b.id}`} />
              </td>
              <td>
                <StatusBadge tone={barStatusTone(b.status)} testid={`bar-status-${b.id}`}>
                  {barStatusLabel(b.status)}
                </StatusBadge>
              </td>
              <td className="num">{formatJalaliDateTimeShort(b.created_at)}</td>
              {onEdit && onDelete && (
                <td className="bar-actions-cell">
                  <Actions bar={b} onEdit={onEdit} onDelete={onDelete} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
