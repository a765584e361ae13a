// The columns of the counter's invoices list (issue 38), drawn by DataList: the number, when, for whom, the net
// (paid by the customer, or paid to them), the status; and a row's buttons: print again, and the owner's void.
import type { Invoice } from "../../api-types";
import { toFaDigits } from "../../lib/digits";
import { buyerName, invoiceNumber, invoiceStatusLabel, invoiceStatusTone } from "../../lib/invoice";
import { invoicePrintPath } from "../../lib/invoice-path";
import { formatJalaliDateTime } from "../../lib/jalali";
import { formatRial } from "../../lib/money";
import type { Column } from "../ui/data-list";
import { StatusBadge } from "../ui/status-badge";
import { Button, LinkButton } from "../ui";

/** INVOICE_COLUMNS are an invoice's fields in the list. */
export const INVOICE_COLUMNS: Column<Invoice>[] = [
  { label: "شماره فاکتور", head: true, className: "strong num", cell: (inv) => <bdi dir="ltr">{invoiceNumber(inv)}</bdi> },
  { label: "وضعیت", head: true, cell: (inv) => <StatusBadge tone={invoiceStatusTone(inv.status)}>{invoiceStatusLabel(inv.status)}</StatusBadge> },
  { label: "تاریخ", className: "num", cell: (inv) => formatJalaliDateTime(inv.created_at) },
  {
    label: "خریدار",
    cell: (inv) => (
      <>
        <span className="cell-main">{buyerName(inv.customer)}</span>
        {inv.customer?.phone && (inv.customer.first_name || inv.customer.last_name) && <span className="cell-sub num">{toFaDigits(inv.customer.phone)}</span>}
      </>
    ),
  },
  {
    label: "مبلغ (ریال)",
    className: "num",
    end: true,
    cell: (inv) => (
      <>
        <span className="cell-main">{formatRial(Math.abs(inv.net))}</span>
        <span className="cell-sub">{inv.net < 0 ? "پرداختی به مشتری" : "دریافتی از مشتری"}</span>
      </>
    ),
  },
];

/** InvoiceActions are a row's buttons: print on A5 or the roll, and for the owner, void a recorded invoice. */
export function InvoiceActions({ invoice, onVoid }: { invoice: Invoice; onVoid?: (inv: Invoice) => void }) {
  return (
    <>
      <LinkButton href={invoicePrintPath(invoice.id)} variant="secondary" className="btn btn-secondary btn-sm" data-testid={`invoice-print-${invoice.id}`}>
        چاپ
      </LinkButton>
      <LinkButton href={invoicePrintPath(invoice.id, "80mm")} variant="secondary" className="btn btn-secondary btn-sm" data-testid={`invoice-roll-${invoice.id}`}>
        چاپ رول
      </LinkButton>
      {onVoid && invoice.status === "recorded" && (
        <Button variant="danger" className="btn-sm" onClick={() => onVoid(invoice)} data-testid={`invoice-void-${invoice.id}`}>
          ابطال
        </Button>
      )}
    </>
  );
}
