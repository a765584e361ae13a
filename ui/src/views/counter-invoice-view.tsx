// /counter-invoice_page/{id}: a counter invoice's printed page (issue 38), for the staff who recorded it (the
// counter opens it after each invoice, the invoices list again later) and for the customer it names (from their
// statement). On screen the document with a print button and the choice of paper; on paper the document alone,
// on an A5 sheet, or with ?size=80mm on an 80 mm thermal roll (invoice-print.css).
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ApiError } from "../api";
import { counterApi } from "../api-counter";
import { InvoiceDoc } from "../components/counter/invoice-doc";
import { InvoiceIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { Button, LinkButton, PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { useSession } from "../hooks/use-session";
import { usePrintPage } from "../hooks/use-print-page";
import { useShop } from "../hooks/use-shop";
import { INVOICE_MESSAGES as M, invoiceNumber } from "../lib/invoice";
import { invoiceIdOf, invoicePrintPath, printSizeOf } from "../lib/invoice-path";
import { roleOf } from "../lib/routes";
import "../styles/invoice-print.css";

/** PRINTING_CLASS marks the body while an invoice is shown, so the print rules hide the app around it. */
const PRINTING_CLASS = "invoice-printing";

/** CounterInvoiceView is the printed invoice; staff read it through the admin's call, a customer through their own. */
export default function CounterInvoiceView() {
  const [location] = useLocation();
  const size = printSizeOf(useSearch());
  const id = invoiceIdOf(location);
  const role = roleOf(useSession().user);
  const staff = role === "owner" || role === "staff";
  const shop = useShop();
  // an invoice that is not there (or not the customer's) says so; any other failure offers another try
  const [gone, setGone] = useState(false);
  const { data, failed, reload } = useLoad(
    () => (id === null ? Promise.reject(new ApiError(404, M.notFound)) : staff ? counterApi.invoice(id) : counterApi.myInvoice(id)),
    M.loadFailed,
    {
      deps: [id, staff],
      onData: () => setGone(false),
      onError: (err) => {
        const none = err instanceof ApiError && err.status === 404;
        setGone(none);
        return none;
      },
    },
  );
  const invoice = data?.invoice ?? null;

  // while the invoice is shown, printing shows it alone, and the PDF is named after the invoice
  const title = invoice ? `فاکتور ${invoiceNumber(invoice)} ${shop.name}` : "";
  usePrintPage(PRINTING_CLASS, title);

  return (
    <div className="invoice-page stack">
      <PageHeader title="فاکتور" back={staff ? "/admin-invoices_page" : "/transactions_page"} />
      {invoice ? (
        <>
          <div className="card invoice-tools" data-testid="invoice-tools">
            <nav className="invoice-sizes" aria-label="اندازه کاغذ">
              <Link href={invoicePrintPath(invoice.id)} className="invoice-size" aria-current={size === "a5" ? "page" : undefined} data-testid="invoice-size-a5">
                برگه آ۵
              </Link>
              <Link href={invoicePrintPath(invoice.id, "80mm")} className="invoice-size" aria-current={size === "80mm" ? "page" : undefined} data-testid="invoice-size-80mm">
                رول ۸۰ میلی‌متری
              </Link>
            </nav>
            <Button onClick={() => window.print()} data-testid="invoice-print">
              <InvoiceIcon size={18} />
              چاپ فاکتور
            </Button>
          </div>
          <InvoiceDoc invoice={invoice} shop={shop} size={size} />
        </>
      ) : gone ? (
        <StatusCard icon={<InvoiceIcon size={40} />} title={M.notFound} tone="warn" testid="invoice-not-found">
          <LinkButton href="/" variant="secondary">
            بازگشت به خانه
          </LinkButton>
        </StatusCard>
      ) : (
        <ListPending failed={failed} icon={<InvoiceIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      )}
    </div>
  );
}
