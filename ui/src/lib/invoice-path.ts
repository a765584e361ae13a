// Where a counter invoice's printed page is (issue 38): its path, on an A5 sheet or an 80 mm roll, and the id
// and paper the page reads back from its address. Apart from invoice.ts so the customer's statement, which links
// its counter entries here, carries these few lines only.
import { toLatinDigits } from "./digits";

/** PrintSize is the paper an invoice is printed on: an A5 sheet, or an 80 mm thermal roll. */
export type PrintSize = "a5" | "80mm";

/** printSizeOf reads the print page's ?size= (A5 unless it says 80mm). */
export function printSizeOf(search: string): PrintSize {
  return new URLSearchParams(search).get("size")?.toLowerCase() === "80mm" ? "80mm" : "a5";
}

/** invoicePrintPath is where an invoice's printed page is, on a sheet or a roll. */
export function invoicePrintPath(id: number, size: PrintSize = "a5"): string {
  return `/counter-invoice_page/${id}${size === "80mm" ? "?size=80mm" : ""}`;
}

/** invoiceIdOf reads the invoice id off the print page's path, its last segment; null when it is none. */
export function invoiceIdOf(path: string): number | null {
  const v = toLatinDigits(path.split(/[?#]/)[0].replace(/\/+$/, "").split("/").pop() ?? "");
  return /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null;
}
