// One audit entry's before and after: a line per changed field, the old value struck through, then the new.
import { auditChanges } from "../../lib/audit-diff";
import { EMPTY } from "../../lib/money";

/** AuditChanges lists what one change changed. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="muted small">بدون تغییر در مقادیر</span>;
  return (
    <ul className="audit-changes">
      {changes.map((c) => (
        <li key={c.key} data-field={c.key}>
          <span className="audit-field">{`${c.label}:`}</span>{" "}
          {c.before !== null && (
            <>
              <span className="visually-hidden">از </span>
              {c.before === EMPTY ? <span className="audit-arrow">{EMPTY}</span> : <del className="audit-before">{c.before}</del>}
            </>
          )}
          {c.before !== null && c.after !== null && (
            <span className="audit-arrow" aria-hidden="true">
              {" ← "}
            </span>
          )}
          {c.after !== null && (
            <>
              <span className="visually-hidden">{c.before !== null ? " به " : ""}</span>
              <ins className="audit-after">{c.after}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
