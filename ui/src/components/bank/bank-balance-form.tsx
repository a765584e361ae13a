// The form that records the shop's balance at a bank on a day (issue 17): the bank's name (the names already
// used are offered, so one bank keeps one name and its newest record replaces the last), the rial amount
// grouped as typed, and the Jalali day, sent as its Gregorian day.
import { useId, useState, type FormEvent } from "react";
import { errorText } from "../../api";
import { formatJalaliValue, todayJalali } from "../../lib/jalali";
import { RESERVE_MESSAGES as M, checkBankForm, type BankForm, type BankFormErrors } from "../../lib/reserve-panel";
import { AmountField } from "../ui/amount-field";
import { DateField } from "../ui/date-field";
import { toast } from "../ui/toast";
import { Button, Field } from "../ui";
import { adminApi } from "../../api-admin";

/** FIRST_DAY is the earliest day the calendar offers: a balance is recorded as it stands, not years back. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

const emptyForm = (): BankForm => ({ bank: "", digits: "", date: formatJalaliValue(todayJalali()) });

/** BankBalanceForm records one dated balance; banks are the names already used, onSaved reloads the list. */
export function BankBalanceForm({ banks, onSaved }: { banks: readonly string[]; onSaved: () => void }) {
  const [form, setForm] = useState<BankForm>(emptyForm);
  const [errors, setErrors] = useState<BankFormErrors>({});
  const [sending, setSending] = useState(false);
  const listId = `banks${useId()}`;

  const set = (key: keyof BankForm) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const out = checkBankForm(form);
    if (!out.ok) {
      setErrors(out.errors);
      return;
    }
    setSending(true);
    try {
      const answer = await adminApi.addBankBalance(out.body);
      toast(answer?.message || M.bankSaved, "success");
      setForm(emptyForm());
      onSaved();
    } catch (err) {
      toast(errorText(err, M.bankFailed), "error");
    } finally {
      setSending(false);
    }
  };

  const today = todayJalali();
  return (
    <form className="form bank-balance-form" onSubmit={submit} noValidate aria-labelledby="bank-form-title" data-testid="bank-form">
      <h3 id="bank-form-title" className="section-title">
        ثبت موجودی بانک
      </h3>
      <Field label="بانک" value={form.bank} onValue={set("bank")} error={errors.bank} maxLength={50} list={listId} autoComplete="off" data-testid="bank-name" />
      <datalist id={listId}>
        {banks.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>
      <AmountField label="موجودی" digits={form.digits} onDigits={set("digits")} error={errors.digits} testid="bank-balance" />
      <DateField
        label="تاریخ موجودی"
        value={form.date}
        onValue={set("date")}
        min={FIRST_DAY}
        max={today}
        initial={today}
        error={errors.date}
        hint="روزی که موجودی در آن خوانده شد"
        placeholder="۱۴۰۴/۰۱/۰۱"
        autoComplete="off"
        testid="bank-date"
      />
      <Button type="submit" busy={sending} data-testid="bank-submit">
        ثبت موجودی
      </Button>
    </form>
  );
}
