// The owner's void of a counter invoice (issue 38), behind the one confirmation: it names the invoice, its buyer
// and its amount, and asks why; the void reverses the invoice's journal, never deletes it. One idempotency key
// per invoice and reason, so a double click or a retry voids once.
import { useState } from "react";
import { errorText } from "../../api";
import { counterApi } from "../../api-counter";
import type { Invoice } from "../../api-types";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { buyerName, INVOICE_MESSAGES as M, invoiceNumber } from "../../lib/invoice";
import { formatRial } from "../../lib/money";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextAreaField } from "../ui/text-area-field";
import { toast } from "../ui/toast";

type Props = { invoice: Invoice; onDone: () => void; onClose: () => void };

/** InvoiceVoidDialog asks before voiding an invoice, with its reason. */
export function InvoiceVoidDialog({ invoice, onDone, onClose }: Props) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [key] = useIdempotencyKey([invoice.id, reason.trim()]);

  const confirm = async () => {
    if (busy) return;
    if (!reason.trim()) {
      setError(M.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      const answer = await counterApi.void(invoice.id, reason.trim(), key);
      toast(answer.message || "فاکتور باطل شد", "success");
      onDone();
    } catch (err) {
      setError(errorText(err, M.voidFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog title="ابطال فاکتور" yes="بله، باطل شود" danger busy={busy} onConfirm={() => void confirm()} onClose={onClose} testid="invoice-void">
      <div className="stack">
        <p className="confirm-text">
          {`فاکتور شماره `}
          <bdi dir="ltr">{invoiceNumber(invoice)}</bdi>
          {` (${buyerName(invoice.customer)}، ${formatRial(Math.abs(invoice.net))} ریال) باطل شود؟ فروخته‌ها به خزانه برمی‌گردند و پرداخت‌ها برگشت می‌خورند.`}
        </p>
        <TextAreaField label="دلیل ابطال" value={reason} onValue={(v) => (setReason(v), setError(""))} rows={2} maxLength={200} data-testid="invoice-void-reason" />
        {error && (
          <p className="field-error" role="alert" data-testid="invoice-void-error">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
