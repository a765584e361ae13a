// «فاکتورها» (/admin-invoices_page, issue 38): the counter's invoices, newest first, a page at a time, found by
// number, name or phone and Jalali days; each printed again on A5 or the roll, and for the owner voided behind
// the one confirmation (a void of the same Tehran day only; the server says so otherwise).
import { useState } from "react";
import { errorText } from "../api";
import { counterApi } from "../api-counter";
import type { Invoice, InvoiceFilter } from "../api-types";
import { INVOICE_COLUMNS, InvoiceActions } from "../components/counter/invoice-columns";
import { InvoiceVoidDialog } from "../components/counter/invoice-void-dialog";
import { DataList } from "../components/ui/data-list";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { InvoiceIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { Button, Field, LinkButton, PageHeader, StatusCard } from "../components/ui";
import { useDateFilterForm, usePagedList } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { EMPTY_INVOICE_FILTER, INVOICE_MESSAGES as M, invoiceFilter, type InvoiceFilterForm } from "../lib/invoice";
import { roleOf } from "../lib/routes";
import "../styles/admin.css";
import "../styles/counter.css";

const fetchPage = async (filter: InvoiceFilter, cursor: string) => {
  const page = await counterApi.invoices(cursor ? { ...filter, cursor } : filter);
  return { rows: page?.invoices ?? [], next: page?.next_cursor ?? "" };
};

/** AdminInvoicesView is the invoices list. */
export default function AdminInvoicesView() {
  const { list, hasMore, loading, failed, load, more, reload } = usePagedList(fetchPage, (err) => errorText(err, M.listFailed));
  const { form, set, apply, clear, dateErrorOf } = useDateFilterForm<InvoiceFilterForm, InvoiceFilter>(EMPTY_INVOICE_FILTER, invoiceFilter, load);
  const narrow = useMediaQuery(NARROW_LIST);
  const owner = roleOf(useSession().user) === "owner";
  const [voiding, setVoiding] = useState<Invoice | null>(null);

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="فاکتورها">
        <LinkButton href="/admin-counter_page" variant="secondary" className="btn btn-secondary btn-sm counter-open" data-testid="invoices-counter">
          پیشخوان
        </LinkButton>
      </PageHeader>
      <FilterPanel label="جستجوی فاکتورها" id="invoice-filters" formClass="invoice-filters" onSubmit={apply}>
        <Field label="شماره فاکتور، نام یا شماره همراه" value={form.search} onValue={set("search")} autoComplete="off" inputMode="search" data-testid="invoice-search" />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<InvoiceIcon size={40} />} title={M.listFailed} onRetry={reload} />
      ) : list.length === 0 ? (
        <StatusCard icon={<InvoiceIcon size={40} />} title="فاکتوری یافت نشد" text="فاکتورهای پیشخوان اینجا فهرست می‌شوند." testid="invoices-empty" />
      ) : (
        <>
          <DataList
            rows={list}
            columns={INVOICE_COLUMNS}
            rowKey={(inv) => inv.id}
            narrow={narrow}
            caption="فاکتورهای پیشخوان، جدیدترین در بالا"
            busy={loading}
            testid="invoice-row"
            rowAttrs={(inv) => ({ "data-id": inv.id, "data-status": inv.status })}
            actions={(inv) => <InvoiceActions invoice={inv} onVoid={owner ? setVoiding : undefined} />}
          />
          {hasMore && (
            <Button variant="secondary" busy={loading} onClick={() => void more()} data-testid="invoices-more">
              فاکتورهای قدیمی‌تر
            </Button>
          )}
        </>
      )}
      {voiding && (
        <InvoiceVoidDialog
          invoice={voiding}
          onClose={() => setVoiding(null)}
          onDone={() => {
            setVoiding(null);
            void reload();
          }}
        />
      )}
    </div>
  );
}
