// How a statement writes an amount, shared by the statement page and its printed document so both write it
// the same way: a dash for zero, three decimals for gold, grouped rials, the balance in bold.
import { isZero } from "../../lib/ledger";
import { EMPTY, formatGold, formatRial } from "../../lib/money";

type Props = {
  /** label names the cell where the header is out of sight (a phone's card). */
  label: string;
  value: string | null;
  gold?: boolean;
  /** strong marks a balance: always written, zero included. */
  strong?: boolean;
  /** first opens a column group (gold, rial) with a rule. */
  first?: boolean;
};

/** amountBlank is true for an amount with nothing to say: zero, and not a balance (always written). */
export const amountBlank = (value: string | null, strong?: boolean) => !strong && isZero(value);

/** amountText is how a statement writes an amount: a dash when blank, three decimals for gold, grouped rials. */
export const amountText = (value: string | null, gold?: boolean, strong?: boolean) =>
  amountBlank(value, strong) ? EMPTY : gold ? formatGold(value) : formatRial(value);

/** StatementAmount is a statement's amount cell: blank (a dash) when zero, hidden on the phone cards. */
export function StatementAmount({ label, value, gold, strong, first }: Props) {
  const empty = amountBlank(value, strong);
  const text = amountText(value, gold, strong);
  return (
    <td data-label={label} className={`num amt${empty ? " is-empty" : ""}${strong ? " balance-cell" : ""}${first ? " group-start" : ""}`}>
      {text}
    </td>
  );
}
