// One list drawn two ways from one column definition: a table on a desktop, a card per
// row on a phone (admin.md §9: lists turn at 768 px). The screens give columns, not markup.
import { Fragment, type ReactNode } from "react";
import "../../styles/data-list.css";

/** Column is one field of a row: its label (the table's heading, the card's key) and how its cell is drawn. */
export type Column<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** head puts the cell in the card's head line instead of its list of fields (a name, a badge). */
  head?: boolean;
  /** wide gives the cell a card's whole width, under its list of fields (a long text). */
  wide?: boolean;
  /** blank says a row has nothing for this field (a zero amount, no reason): its card leaves the line out. */
  blank?: (row: Row) => boolean;
  /** group names the columns a table heads together (gold, rial): consecutive columns of one group share it. */
  group?: string;
  /** end aligns a column of figures to the end, its heading with it. */
  end?: boolean;
  /** short is the heading under a group's name (بدهکار under طلا), where label (بدهکار طلا) names the card's line. */
  short?: string;
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
  /** flat is a list inside a card or a dialog: no card of its own, rows parted by lines. */
  flat?: boolean;
  /** dense is a table of many columns (a ledger): tighter cells. */
  dense?: boolean;
};

/** DataList draws rows as a table on a desktop and as cards on a phone. */
export function DataList<Row>({ rows, columns, rowKey, narrow, caption, busy, testid, rowAttrs, actions, flat, dense }: Props<Row>) {
  if (narrow) {
    return (
      <ul className="cards-list" aria-label={caption} aria-busy={busy}>
        {rows.map((row) => (
          <Card key={rowKey(row)} row={row} columns={columns} flat={flat} attrs={{ "data-testid": testid, ...rowAttrs?.(row) }} foot={actions?.(row)} />
        ))}
      </ul>
    );
  }
  return (
    <div className={flat ? "table-wrap" : "table-wrap card"} aria-busy={busy}>
      <table className={dense ? "table table-dense" : "table"}>
        <caption className="visually-hidden">{caption}</caption>
        <Head columns={columns} actions={!!actions} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={testid} {...rowAttrs?.(row)}>
              {columns.map((c, i) => (
                <td key={c.label} className={cellClass(columns, i, c.className)}>
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

type CardProps<Row> = { row: Row; columns: readonly Column<Row>[]; flat?: boolean; attrs: Record<string, string | number>; foot: ReactNode };

/** Card is one row on a phone: the head columns on a line, the fields it has as key and value, the wide ones under them. */
function Card<Row>({ row, columns, flat, attrs, foot }: CardProps<Row>) {
  const head = columns.filter((c) => c.head);
  const shown = columns.filter((c) => !c.head && !c.blank?.(row));
  const fields = shown.filter((c) => !c.wide);
  const wide = shown.filter((c) => c.wide);
  return (
    <li className={flat ? "data-card data-flat" : "card data-card"} {...attrs}>
      {head.length > 0 && (
        <div className="wr-card-head">
          {head.map((c) => (
            <span key={c.label} className={c.className}>
              {c.cell(row)}
            </span>
          ))}
        </div>
      )}
      {fields.length > 0 && (
        <dl className="kv">
          {fields.map((c) => (
            <Fragment key={c.label}>
              <dt>{c.label}</dt>
              <dd className={c.className}>{c.cell(row)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {wide.map((c) => (
        <div key={c.label} className={`data-wide ${c.className ?? ""}`}>
          <span className="data-wide-label">{c.label}</span>
          {c.cell(row)}
        </div>
      ))}
      {/* a row with no buttons (a decided request) has no foot */}
      {foot != null && foot !== false && <div className="data-actions">{foot}</div>}
    </li>
  );
}

/** Head is the table's header: one row, or two when columns are grouped (a group's name over its columns). */
function Head<Row>({ columns, actions }: { columns: readonly Column<Row>[]; actions: boolean }) {
  const grouped = columns.some((c) => c.group);
  const span = grouped ? 2 : undefined;
  // the first row: an ungrouped column's own heading over both rows, a group's name over its columns
  const first: ReactNode[] = [];
  columns.forEach((c, i) => {
    if (!c.group) {
      first.push(
        <th key={c.label} scope="col" rowSpan={span} className={cellClass(columns, i)}>
          {c.label}
        </th>,
      );
    } else if (columns[i - 1]?.group !== c.group) {
      let n = 1;
      while (columns[i + n]?.group === c.group) n++;
      first.push(
        <th key={`group ${c.group} ${i}`} scope="colgroup" colSpan={n} className="data-group">
          {c.group}
        </th>,
      );
    }
  });
  return (
    <thead>
      <tr>
        {first}
        {actions && (
          <th scope="col" rowSpan={span}>
            عملیات
          </th>
        )}
      </tr>
      {grouped && (
        <tr>
          {columns.map(
            (c, i) =>
              c.group && (
                <th key={c.label} scope="col" className={cellClass(columns, i)}>
                  {c.short ?? c.label}
                </th>
              ),
          )}
        </tr>
      )}
    </thead>
  );
}

/** cellClass is a table cell's classes: the column's own, its alignment, and the rule that opens a group. */
function cellClass<Row>(columns: readonly Column<Row>[], i: number, own?: string): string | undefined {
  const c = columns[i];
  const opens = !!c.group && columns[i - 1]?.group !== c.group;
  return [own, c.end && "data-end", opens && "data-group-start"].filter(Boolean).join(" ") || undefined;
}
