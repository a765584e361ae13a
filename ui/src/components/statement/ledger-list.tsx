// A customer's ledger with its running balances (issue 37): the one list under the customer's statement
// (/transactions_page) and the owner's ledger of a customer (the users' balances). One column definition: on
// a desktop a table with the gold and rial columns grouped, on a phone a card per entry without its zero
// amounts. A counter invoice's entry (issue 38) links its words to the invoice's printed page.
import { Link } from "wouter";
import type { Entry } from "../../api";
import { DataList, type Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";
import { amountBlank, amountText } from "./statement-amount";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTime } from "../../lib/jalali";
import { invoicePrintPath } from "../../lib/invoice-path";
import { entryStatusLabel, entryStatusTone, entryTypeLabel } from "../../lib/labels";
import type { LedgerRow } from "../../lib/ledger";
import { EMPTY, formatRial } from "../../lib/money";
import "../../styles/statement.css";

const GOLD = "طلا (گرم)";
const RIAL = "ریال";

/** amount is an amount column of a group: a dash in the table when zero, left out of a phone's card. */
const amount = (label: string, short: string, group: string, value: (r: LedgerRow) => string | null, gold?: boolean, strong?: boolean): Column<LedgerRow> => ({
  label,
  short,
  group,
  end: true,
  className: strong ? "num balance-cell" : "num",
  blank: (r) => amountBlank(value(r), strong),
  cell: (r) => amountText(value(r), gold, strong),
});

/** description is an entry's words; a counter entry's open its invoice. */
function description(e: Entry) {
  const text = e.description ? toFaDigits(e.description) : EMPTY;
  if (e.type !== "counter" || !e.invoice_id) return text;
  return (
    <Link href={invoicePrintPath(e.invoice_id)} className="text-link" data-testid={`statement-invoice-${e.invoice_id}`}>
      {e.description ? text : "مشاهده فاکتور"}
    </Link>
  );
}

/** COLUMNS are a statement row's fields; on a phone its type and state head the card. */
const COLUMNS: Column<LedgerRow>[] = [
  { label: "شماره سند", className: "num", cell: ({ entry: e }) => toFaDigits(e.id) },
  { label: "تاریخ", className: "num", cell: ({ entry: e }) => formatJalaliDateTime(e.created_at) },
  { label: "نوع", head: true, className: "type-cell", cell: ({ entry: e }) => entryTypeLabel(e.type) },
  { label: "وضعیت", head: true, cell: ({ entry: e }) => <StatusBadge tone={entryStatusTone(e.status)}>{entryStatusLabel(e.status)}</StatusBadge> },
  { label: "شرح", className: "desc-cell", blank: ({ entry: e }) => !e.description && !e.invoice_id, cell: ({ entry: e }) => description(e) },
  {
    label: "قیمت هر گرم (ریال)",
    className: "num",
    end: true,
    blank: ({ entry: e }) => !e.price_per_gram,
    cell: ({ entry: e }) => (e.price_per_gram ? formatRial(e.price_per_gram) : EMPTY),
  },
  amount("بدهکار طلا (گرم)", "بدهکار", GOLD, (r) => r.entry.debit_gold, true),
  amount("بستانکار طلا (گرم)", "بستانکار", GOLD, (r) => r.entry.credit_gold, true),
  amount("مانده طلا (گرم)", "مانده", GOLD, (r) => r.goldBalance, true, true),
  amount("بدهکار (ریال)", "بدهکار", RIAL, (r) => r.entry.debit_rial),
  amount("بستانکار (ریال)", "بستانکار", RIAL, (r) => r.entry.credit_rial),
  amount("مانده (ریال)", "مانده", RIAL, (r) => r.rialBalance, false, true),
];

type Props = {
  rows: readonly LedgerRow[];
  narrow: boolean;
  caption: string;
  /** testid is every row's data-testid; rowAttrs adds data-* attributes of a row. */
  testid: string;
  rowAttrs?: (r: LedgerRow) => Record<string, string | number>;
  /** flat is the list inside a dialog: no card of its own. */
  flat?: boolean;
};

/** LedgerList draws ledger entries, newest first, each with the balances after it. */
export function LedgerList({ rows, narrow, caption, testid, rowAttrs, flat }: Props) {
  return <DataList rows={rows} columns={COLUMNS} rowKey={(r) => r.entry.id} narrow={narrow} caption={caption} testid={testid} rowAttrs={rowAttrs} flat={flat} dense />;
}
