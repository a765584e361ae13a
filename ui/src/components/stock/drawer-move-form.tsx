// The owner's cash movement of today's drawer (issue 39): cash taken from the drawer to the bank or the owner
// («برداشت از صندوق»), or put in it («واریز به صندوق», change for the morning), with its reason. One idempotency
// key per filled form, so a double click or a retry moves the cash once.
import { useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { stockApi } from "../../api-stock";
import type { DrawerCounterpart, DrawerDay, DrawerDirection } from "../../api-types";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { checkMove, COUNTERPARTS, DAY_MESSAGES as M, DIRECTIONS, type MoveForm } from "../../lib/drawer-day";
import { AmountField } from "../ui/amount-field";
import { SelectField } from "../ui/select-field";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";

const EMPTY: MoveForm = { direction: "out", counterpart: "bank", amount: "", reason: "" };

/** DrawerMoveForm records a movement of today's cash; onDay takes today's day as the server answers it. */
export function DrawerMoveForm({ onDay }: { onDay: (d: DrawerDay) => void }) {
  const [form, setForm] = useState<MoveForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<"amount" | "reason", string>>>({});
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState(false);
  const [key, renewKey] = useIdempotencyKey([JSON.stringify(form)]);
  const set = (patch: Partial<MoveForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
    setRefusal("");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const checked = checkMove(form);
    if (!checked.ok) return setErrors(checked.errors);
    setBusy(true);
    try {
      const answer = await stockApi.moveCash(checked.body, key);
      renewKey();
      toast(answer.message || M.moved, "success");
      setForm(EMPTY);
      onDay(answer.day);
    } catch (err) {
      setRefusal(errorText(err, M.moveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card day-move" aria-labelledby="day-move-title">
      <h2 id="day-move-title" className="section-title">
        جابه‌جایی نقد صندوق
      </h2>
      <form className="form" onSubmit={submit} noValidate aria-label="جابه‌جایی نقد صندوق" data-testid="drawer-move-form">
        <div className="bar-fields">
          <SelectField label="نوع" value={form.direction} onValue={(v) => set({ direction: v as DrawerDirection })} options={DIRECTIONS} testid="drawer-direction" />
          <SelectField
            label={form.direction === "out" ? "به" : "از"}
            value={form.counterpart}
            onValue={(v) => set({ counterpart: v as DrawerCounterpart })}
            options={COUNTERPARTS}
            testid="drawer-counterpart"
          />
          <AmountField label="مبلغ" digits={form.amount} onDigits={(amount) => set({ amount })} error={errors.amount} testid="drawer-amount" />
          <Field label="دلیل" value={form.reason} onValue={(reason) => set({ reason })} error={errors.reason} maxLength={500} autoComplete="off" data-testid="drawer-reason" />
        </div>
        {refusal && (
          <p className="field-error" role="alert" data-testid="drawer-move-error">
            {refusal}
          </p>
        )}
        <Button type="submit" busy={busy} data-testid="drawer-move">
          ثبت جابه‌جایی
        </Button>
      </form>
    </section>
  );
}
