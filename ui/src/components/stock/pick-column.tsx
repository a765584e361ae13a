// A list's checkbox column (issue 39), drawn by DataList like any other: the vault's items to print labels for,
// the lots to send to the melter. On a phone's card it sits in the card's head line.
import type { Picks } from "../../hooks/use-stock-picks";
import type { Column } from "../ui/data-list";
import "../../styles/stock.css";

/** pickColumn is the column of picks; name says what a row is, for its checkbox's label. */
export function pickColumn<Row extends { id: number }>(picks: Picks, name: (row: Row) => string, testid: string): Column<Row> {
  return {
    label: "انتخاب",
    head: true,
    className: "pick-cell",
    cell: (row) => (
      <input
        type="checkbox"
        className="pick-box"
        checked={picks.has(row.id)}
        onChange={() => picks.toggle(row.id)}
        aria-label={`انتخاب ${name(row)}`}
        data-testid={`${testid}-${row.id}`}
      />
    ),
  };
}
