// /transactions_page: every ledger entry with running gold and rial balances. One table: on a desktop a
// table, under 768 px each row a card (money.css), so there is one list in the page, not two.
// «چاپ صورتحساب» switches the page to print mode (issue 17): a period, its document, the print dialog.
import { useMemo, useState } from "react";
import { api, errorText, type Entry } from "../api";
import { InfoIcon, ListIcon, ReceiptIcon } from "../components/icons";
import { lazy } from "../components/lazy";
import { StatementAmount as Amount } from "../components/statement-amount";
import { StatusBadge } from "../components/status-badge";
import { Button, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { usePagedList, type Page } from "../hooks/use-admin-list";
import { useScrollMore } from "../hooks/use-scroll-more";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import { entryStatusLabel, entryStatusTone, entryTypeLabel } from "../lib/labels";
import { pageRows } from "../lib/ledger";
import { EMPTY, formatRial } from "../lib/money";
import { WALLET_MESSAGES as M } from "../lib/wallet";
// with the page, not the print panel: the print button in the page's header is styled there too
import "../styles/statement-print.css";
import "../styles/card-tables.css";

/** NO_TRANSACTIONS is the empty statement's text. */
export const NO_TRANSACTIONS = "تراکنشی یافت نشد";

// print mode's code loads only when a customer asks to print
const StatementPrintPanel = lazy(() => import("../components/statement-print-panel"));

/** fetchPage is one page of the caller's statement, newest first. */
const fetchPage = (_: object, cursor: string): Promise<Page<Entry>> =>
  api.transactions(cursor).then((p) => ({ rows: p?.transactions ?? [], next: p?.next_cursor ?? "" }));

/** StatementView is /transactions_page: a page at a time, the next one loaded as the list's end comes near. */
export default function StatementView() {
  const { list: entries, hasMore, loading, failed, more, reload } = usePagedList(fetchPage, (err) => errorText(err, M.statementFailed));
  const end = useScrollMore<HTMLDivElement>(hasMore, loading, more);

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
          <div className="table-wrap card">
            <table className="table table-dense rtable ledger">
              <caption className="visually-hidden">صورتحساب طلا و ریال با مانده پس از هر تراکنش</caption>
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    شماره سند
                  </th>
                  <th scope="col" rowSpan={2}>
                    تاریخ
                  </th>
                  <th scope="col" rowSpan={2}>
                    نوع
                  </th>
                  <th scope="col" rowSpan={2}>
                    وضعیت
                  </th>
                  <th scope="col" rowSpan={2}>
                    شرح
                  </th>
                  <th scope="col" rowSpan={2} className="amt">
                    قیمت هر گرم (ریال)
                  </th>
                  <th scope="colgroup" colSpan={3} className="group">
                    طلا (گرم)
                  </th>
                  <th scope="colgroup" colSpan={3} className="group">
                    ریال
                  </th>
                </tr>
                <tr>
                  <th scope="col" className="amt group-start">
                    بدهکار
                  </th>
                  <th scope="col" className="amt">
                    بستانکار
                  </th>
                  <th scope="col" className="amt">
                    مانده
                  </th>
                  <th scope="col" className="amt group-start">
                    بدهکار
                  </th>
                  <th scope="col" className="amt">
                    بستانکار
                  </th>
                  <th scope="col" className="amt">
                    مانده
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ entry: e, goldBalance, rialBalance }) => (
                  <tr key={e.id} data-testid="statement-row" data-id={e.id} data-type={e.type}>
                    <td data-label="شماره سند" className="num doc-cell">
                      {toFaDigits(e.id)}
                    </td>
                    <td data-label="تاریخ" className="num date-cell">
                      {formatJalaliDateTime(e.created_at)}
                    </td>
                    <td data-label="نوع" className="type-cell">
                      {entryTypeLabel(e.type)}
                    </td>
                    <td data-label="وضعیت" className="status-cell">
                      <StatusBadge tone={entryStatusTone(e.status)}>{entryStatusLabel(e.status)}</StatusBadge>
                    </td>
                    <td data-label="شرح" className={`desc-cell${e.description ? "" : " is-empty"}`}>
                      {e.description ? toFaDigits(e.description) : EMPTY}
                    </td>
                    <td data-label="قیمت هر گرم" className={`num amt${e.price_per_gram ? "" : " is-empty"}`}>
                      {e.price_per_gram ? formatRial(e.price_per_gram) : EMPTY}
                    </td>
                    <Amount label="بدهکار طلا (گرم)" value={e.debit_gold} gold first />
                    <Amount label="بستانکار طلا (گرم)" value={e.credit_gold} gold />
                    <Amount label="مانده طلا (گرم)" value={goldBalance} gold strong />
                    <Amount label="بدهکار (ریال)" value={e.debit_rial} first />
                    <Amount label="بستانکار (ریال)" value={e.credit_rial} />
                    <Amount label="مانده (ریال)" value={rialBalance} strong />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
