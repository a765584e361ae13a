// «ارسال به ذوب» (issue 39), the owner's: the lots ticked in the list go to the melter as one batch, with the
// melter's name and a note. One idempotency key per filled form, so a double click or a retry sends one batch.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { stockApi } from "../../api-stock";
import type { VaultItem } from "../../api-types";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { sumGrams } from "../../lib/abshodeh";
import { toFaDigits } from "../../lib/digits";
import { checkSend, MELT_MESSAGES as M } from "../../lib/melts";
import { formatGold } from "../../lib/money";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

type Props = {
  /** lots are the lots ticked, in the order ticked. */
  lots: VaultItem[];
  onSent: () => void;
};

/** MeltSendForm sends the ticked lots. */
export function MeltSendForm({ lots, onSent }: Props) {
  const [melter, setMelter] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = lots.map((it) => it.id);
  const [key, renewKey] = useIdempotencyKey([ids.join(","), melter.trim(), note.trim()]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkSend(ids, melter, note);
    if (!checked.ok) return setError(checked.message);
    setBusy(true);
    setError("");
    try {
      const answer = await stockApi.sendMelt(checked.body, key);
      toast(answer.message || M.sent, "success");
      renewKey();
      setMelter("");
      setNote("");
      onSent();
    } catch (err) {
      setError(errorText(err, M.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form melt-send" onSubmit={submit} noValidate aria-label="ارسال به ذوب" data-testid="melt-send-form">
      <p className="melt-send-sum" aria-live="polite" data-testid="melt-send-sum">
        {lots.length
          ? `${toFaDigits(lots.length)} قطعه انتخاب شده، وزن ۷۵۰ ${formatGold(sumGrams(lots.map((it) => it.weight750)))} گرم`
          : "قطعه‌هایی را که به ذوب می‌روند از فهرست بالا انتخاب کنید."}
      </p>
      <div className="bar-fields">
        <Field label="ذوب‌کار (اختیاری)" value={melter} onValue={(v) => (setMelter(v), setError(""))} maxLength={100} autoComplete="off" data-testid="melt-melter" />
        <Field label="توضیح (اختیاری)" value={note} onValue={(v) => (setNote(v), setError(""))} maxLength={500} autoComplete="off" data-testid="melt-note" />
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="melt-send-error">
          {error}
        </p>
      )}
      <Button type="submit" busy={busy} disabled={!lots.length} data-testid="melt-send">
        ارسال به ذوب
      </Button>
    </form>
  );
}
