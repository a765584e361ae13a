// One list of the admin screens drawn two ways from one column definition: a table on a desktop, a card per
// row on a phone (admin.md §9: lists turn at 768 px). The screens give columns, not markup.
import { Fragment, type ReactNode } from "react";
import "../styles/data-list.css";

/** Column is one field of a row: its label (the table's heading, the card's key) and how its cell is drawn. */
export type Column<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** head puts the cell in the card's head line instead of its list of fields (a name, a badge). */
  head?: boolean;
  /** wide gives the cell a card's whole width, under its list of fields (a long text). */
  wide?: boolean;
  className?: string;
};

type Props<Row> = {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  narrow: boolean;
  /** caption names the list for screen readers. */
  caption: string;
  busy?: boolean;
  /** testid is every row's data-testid; rowAttrs adds data-* attributes of a row. */
  testid: string;
  rowAttrs?: (row: Row) => Record<string, string | number>;
  /** actions are a row's buttons: the foot of a card, the last column of the table. */
  actions?: (row: Row) => ReactNode;
};

/** DataList draws rows as a table on a desktop and as cards on a phone. */
export function DataList<Row>({ rows, columns, rowKey, narrow, caption, busy, testid, rowAttrs, actions }: Props<Row>) {
  if (narrow) {
    const head = columns.filter((c) => c.head);
    const fields = columns.filter((c) => !c.head && !c.wide);
    const wide = columns.filter((c) => c.wide);
    return (
      <ul className="cards-list" aria-label={caption} aria-busy={busy}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="card data-card" data-testid={testid} {...rowAttrs?.(row)}>
            {head.length > 0 && (
              <div className="wr-card-head">
                {head.map((c) => (
                  <span key={c.label} className={c.className}>
                    {c.cell(row)}
                  </span>
                ))}
              </div>
            )}
            <dl className="kv">
              {fields.map((c) => (
                <Fragment key={c.label}>
                  <dt>{c.label}</dt>
                  <dd className={c.className}>{c.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
            {wide.map((c) => (
              <div key={c.label} className={`data-wide ${c.className ?? ""}`}>
                <span className="data-wide-label">{c.label}</span>
                {c.cell(row)}
              </div>
            ))}
            {actions && <div className="data-actions">{actions(row)}</div>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="table-wrap card" aria-busy={busy}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
            {actions && <th scope="col">عملیات</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={testid} {...rowAttrs?.(row)}>
              {columns.map((c) => (
                <td key={c.label} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
              {actions && (
                <td>
                  <div className="data-actions">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
