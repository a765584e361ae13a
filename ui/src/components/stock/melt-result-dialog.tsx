// «ثبت نتیجهٔ ری‌گیری» (issue 39), the owner's: the lab's bar for a batch at the melter, its weight, purity, lab and
// ingot number as the lab's paper says, with the bar's 750-equivalent and the loss it leaves foreseen as typed.
// The bar comes into the vault; one idempotency key per filled form, so a retry enters one bar.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { stockApi } from "../../api-stock";
import type { MeltBatch } from "../../api-types";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { vazn750Preview } from "../../lib/abshodeh";
import { toFaDigits } from "../../lib/digits";
import {
  checkMeltResult, EMPTY_MELT_RESULT, expectedLoss, lossText, MELT_MESSAGES as M, MELT_RESULT_ORDER, type MeltResultErrors, type MeltResultForm,
} from "../../lib/melts";
import { formatGold } from "../../lib/money";
import { INGOT_MAX, LAB_MAX } from "../../lib/vault";
import { Modal } from "../ui/admin-modal";
import { PurityWeightFields, Vazn750Preview } from "../ui/figure-fields";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

type Props = { batch: MeltBatch; onDone: () => void; onClose: () => void };

const PREFIX = "melt-result";
const fieldTestid = (k: keyof MeltResultForm) => `${PREFIX}-${{ weight: "vazn", purity: "ayar" }[k as string] ?? k}`;

/** MeltResultDialog enters the lab's bar for batch. */
export function MeltResultDialog({ batch, onDone, onClose }: Props) {
  const [form, setForm] = useState<MeltResultForm>(EMPTY_MELT_RESULT);
  const [errors, setErrors] = useState<MeltResultErrors>({});
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  const [key] = useIdempotencyKey([batch.id, JSON.stringify(form)]);
  const set = (k: keyof MeltResultForm) => (v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors(({ [k]: _, ...rest }) => rest);
    setRefusal("");
  };
  const loss = expectedLoss(batch.lots750, vazn750Preview(form.weight, form.purity));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkMeltResult(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = MELT_RESULT_ORDER.find((k) => checked.errors[k]);
      if (first) document.querySelector<HTMLElement>(`[data-testid="${fieldTestid(first)}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await stockApi.meltResult(batch.id, checked.body, key);
      toast(answer.message || M.done, "success");
      onDone();
    } catch (err) {
      setRefusal(errorText(err, M.resultFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`نتیجهٔ ری‌گیری دستهٔ ${toFaDigits(batch.id)}`} onClose={() => !busy && onClose()} testid="melt-result-dialog">
      <form className="form" onSubmit={submit} noValidate aria-label="نتیجهٔ ری‌گیری">
        <p className="muted">{`${toFaDigits(batch.lots.length)} قطعه با وزن ۷۵۰ ${formatGold(batch.lots750)} گرم به ذوب رفت؛ شمش ری‌گیری‌شده را همان‌طور که برگهٔ آزمایشگاه می‌گوید وارد کنید.`}</p>
        <div className="bar-fields">
          <PurityWeightFields
            ayar={form.purity}
            vazn={form.weight}
            onAyar={set("purity")}
            onVazn={set("weight")}
            errors={{ ayar: errors.purity, vazn: errors.weight }}
            prefix={PREFIX}
          />
          <Field label="آزمایشگاه (ری)" value={form.lab} onValue={set("lab")} error={errors.lab} maxLength={LAB_MAX} autoComplete="off" data-testid={fieldTestid("lab")} />
          <Field label="شماره انگ" value={form.ingot} onValue={set("ingot")} error={errors.ingot} maxLength={INGOT_MAX} autoComplete="off" dir="ltr" data-testid={fieldTestid("ingot")} />
        </div>
        <Vazn750Preview ayar={form.purity} vazn={form.weight} prefix={PREFIX} />
        <p className="melt-expected" aria-live="polite" data-testid="melt-result-loss">
          {loss === null ? "کاهش ذوب با وارد کردن وزن و عیار شمش محاسبه می‌شود" : lossText(loss)}
        </p>
        <Field label="توضیح (اختیاری)" value={form.note} onValue={set("note")} error={errors.note} maxLength={500} autoComplete="off" data-testid={fieldTestid("note")} />
        {refusal && (
          <p className="field-error" role="alert" data-testid="melt-result-error">
            {refusal}
          </p>
        )}
        <div className="modal-buttons">
          <Button type="submit" busy={busy} data-testid="melt-result-submit">
            ثبت نتیجه
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            انصراف
          </Button>
        </div>
      </form>
    </Modal>
  );
}
