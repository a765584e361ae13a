// /transactions_page: every ledger entry with running gold and rial balances, in the one ledger list
// (components/statement/ledger-list.tsx) the owner's ledger of a customer draws too.
// «چاپ صورتحساب» switches the page to print mode (issue 17): a period, its document, the print dialog.
import { useMemo, useState } from "react";
import { api, errorText, type Entry } from "../api";
import { InfoIcon, ListIcon, ReceiptIcon } from "../components/ui/icons";
import { lazy } from "../components/shell/lazy";
import { LedgerList } from "../components/statement/ledger-list";
import { Button, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { usePagedList, type Page } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useScrollMore } from "../hooks/use-scroll-more";
import { toFaDigits } from "../lib/digits";
import { pageRows } from "../lib/ledger";
import { WALLET_MESSAGES as M } from "../lib/wallet";
// with the page, not the print panel: the print button in the page's header is styled there too
import "../styles/statement-print.css";
import "../styles/statement.css";

/** NO_TRANSACTIONS is the empty statement's text. */
export const NO_TRANSACTIONS = "تراکنشی یافت نشد";

// print mode's code loads only when a customer asks to print
const StatementPrintPanel = lazy(() => import("../components/statement/statement-print-panel"));

/** fetchPage is one page of the caller's statement, newest first. */
const fetchPage = (_: object, cursor: string): Promise<Page<Entry>> =>
  api.transactions(cursor).then((p) => ({ rows: p?.transactions ?? [], next: p?.next_cursor ?? "" }));

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
          <LedgerList
            rows={rows}
            narrow={narrow}
            caption="صورتحساب طلا و ریال با مانده پس از هر تراکنش"
            testid="statement-row"
            rowAttrs={(r) => ({ "data-id": r.entry.id, "data-type": r.entry.type })}
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
