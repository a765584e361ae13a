// «لغو دستهٔ ذوب» (issue 39), the owner's, behind the one confirmation: while no result is in, the batch's lots
// come back into the vault.
import { useState } from "react";
import { errorText } from "../../api";
import { stockApi } from "../../api-stock";
import type { MeltBatch } from "../../api-types";
import { toFaDigits } from "../../lib/digits";
import { MELT_MESSAGES as M } from "../../lib/melts";
import { formatGold } from "../../lib/money";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { TextAreaField } from "../ui/text-area-field";
import { toast } from "../ui/toast";

type Props = { batch: MeltBatch; onDone: () => void; onClose: () => void };

/** MeltCancelDialog asks before cancelling batch, with a note. */
export function MeltCancelDialog({ batch, onDone, onClose }: Props) {
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await stockApi.cancelMelt(batch.id, note.trim());
      toast(answer.message || M.cancelled, "success");
      onDone();
    } catch (err) {
      setError(errorText(err, M.cancelFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog title="لغو دستهٔ ذوب" yes="بله، لغو شود" danger busy={busy} onConfirm={() => void confirm()} onClose={onClose} testid="melt-cancel">
      <div className="stack">
        <p className="confirm-text">
          {`دستهٔ ${toFaDigits(batch.id)} (${toFaDigits(batch.lots.length)} قطعه، وزن ۷۵۰ ${formatGold(batch.lots750)} گرم) لغو شود؟ قطعه‌ها به خزانه برمی‌گردند.`}
        </p>
        <TextAreaField label="توضیح (اختیاری)" value={note} onValue={(v) => (setNote(v), setError(""))} rows={2} maxLength={500} data-testid="melt-cancel-note" />
        {error && (
          <p className="field-error" role="alert" data-testid="melt-cancel-error">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
