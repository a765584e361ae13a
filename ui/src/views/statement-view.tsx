// /transactions_page: every ledger entry with running gold and rial balances. One list (DataList): on a
// desktop a table with the gold and rial columns grouped, on a phone a card per entry without its zero amounts.
// «چاپ صورتحساب» switches the page to print mode (issue 17): a period, its document, the print dialog.
import { useMemo, useState } from "react";
import { api, errorText, type Entry } from "../api";
import { InfoIcon, ListIcon, ReceiptIcon } from "../components/ui/icons";
import { lazy } from "../components/lazy";
import { DataList, type Column } from "../components/ui/data-list";
import { amountBlank, amountText } from "../components/statement-amount";
import { StatusBadge } from "../components/ui/status-badge";
import { Button, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { usePagedList, type Page } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useScrollMore } from "../hooks/use-scroll-more";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import { entryStatusLabel, entryStatusTone, entryTypeLabel } from "../lib/labels";
import { pageRows, type LedgerRow } from "../lib/ledger";
import { EMPTY, formatRial } from "../lib/money";
import { WALLET_MESSAGES as M } from "../lib/wallet";
// with the page, not the print panel: the print button in the page's header is styled there too
import "../styles/statement-print.css";
import "../styles/statement.css";

/** NO_TRANSACTIONS is the empty statement's text. */
export const NO_TRANSACTIONS = "تراکنشی یافت نشد";

// print mode's code loads only when a customer asks to print
const StatementPrintPanel = lazy(() => import("../components/statement-print-panel"));

/** fetchPage is one page of the caller's statement, newest first. */
const fetchPage = (_: object, cursor: string): Promise<Page<Entry>> =>
  api.transactions(cursor).then((p) => ({ rows: p?.transactions ?? [], next: p?.next_cursor ?? "" }));

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

/** COLUMNS are a statement row's fields; on a phone its type and state head the card. */
const COLUMNS: Column<LedgerRow>[] = [
  { label: "شماره سند", className: "num", cell: ({ entry: e }) => toFaDigits(e.id) },
  { label: "تاریخ", className: "num", cell: ({ entry: e }) => formatJalaliDateTime(e.created_at) },
  { label: "نوع", head: true, className: "type-cell", cell: ({ entry: e }) => entryTypeLabel(e.type) },
  { label: "وضعیت", head: true, cell: ({ entry: e }) => <StatusBadge tone={entryStatusTone(e.status)}>{entryStatusLabel(e.status)}</StatusBadge> },
  { label: "شرح", className: "desc-cell", blank: ({ entry: e }) => !e.description, cell: ({ entry: e }) => (e.description ? toFaDigits(e.description) : EMPTY) },
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

/** StatementView is /transactions_page: a page at a time, the next one loaded as the list's end comes near. */
export default function StatementView() {
  const { list: entries, hasMore, loading, failed, more, reload } = usePagedList(fetchPage, (err) => errorText(err, M.statementFailed));
  const end = useScrollMore<HTMLDivElement>(hasMore, loading, more);
  const narrow = useMediaQuery(NARROW_LIST);

  const rows = useMemo(() => (entries ? pageRows(entries) : []), [entries]);
  const [printing, setPrinting] = useState(false);

  return (
    <div className="statement wide-screen">
      <PageHeader title="صورتحساب">
        {!printing && (
          <Button variant="secondary" className="btn-sm statement-print-open" onClick={() => setPrinting(true)} data-testid="statement-print-open">
            <ReceiptIcon size={18} />
            چاپ صورتحساب
          </Button>
        )}
      </PageHeader>
      {printing ? (
        <StatementPrintPanel onClose={() => setPrinting(false)} />
      ) : entries === null ? (
        failed ? (
          <LoadFailed icon={<InfoIcon size={40} />} title={M.statementFailed} onRetry={() => void reload()} />
        ) : (
          <Loading text="در حال دریافت صورتحساب…" />
        )
      ) : rows.length === 0 ? (
        <StatusCard icon={<ListIcon size={40} />} title={NO_TRANSACTIONS} text="واریز، برداشت و خرید و فروش طلا اینجا نوشته می‌شود." testid="statement-empty" />
      ) : (
        <>
          <p className="list-count">{`${toFaDigits(rows.length)}${hasMore ? " تراکنش اخیر" : " تراکنش"}، جدیدترین در بالا`}</p>
          <DataList
            rows={rows}
            columns={COLUMNS}
            rowKey={(r) => r.entry.id}
            narrow={narrow}
            caption="صورتحساب طلا و ریال با مانده پس از هر تراکنش"
            testid="statement-row"
            rowAttrs={(r) => ({ "data-id": r.entry.id, "data-type": r.entry.type })}
            dense
          />
          <div ref={end} className="list-more">
            {hasMore && (
              <Button variant="secondary" busy={loading} onClick={() => void more()} data-testid="statement-more">
                تراکنش‌های قدیمی‌تر
              </Button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
