// /plans_page (issue 29): the customer's savings plans. A plan buys a rial amount of gold every day, week or
// Jalali month at its time, at the customer's price then; made with a texted code bound to its terms. Each
// plan shows its next run and what it has bought; its history opens below it; it can be paused or deleted.
import { useState, type FormEvent } from "react";
import { errorText } from "../api";
import { AmountField } from "../components/ui/amount-field";
import { CodeStepForm } from "../components/security/code-step-form";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { CoinsIcon, TrashIcon } from "../components/ui/icons";
import { SelectField } from "../components/ui/select-field";
import { toast } from "../components/ui/toast";
import { Button, Field, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useCodeStep } from "../hooks/use-code-step";
import { useLoad } from "../hooks/use-load";
import { toFaDigits, toLatinDigits } from "../lib/digits";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { faNumber, formatGold } from "../lib/money";
import {
  EVERY_LABELS, PLAN_MESSAGES as M, planFormError, plansApi, planText, SKIP_REASONS, WEEKDAYS, type Plan, type PlanEvery, type PlanTerms,
} from "../lib/plans";
import "../styles/plans.css";

const EVERY_OPTIONS = (Object.keys(EVERY_LABELS) as PlanEvery[]).map((v) => ({ value: v, label: EVERY_LABELS[v] }));
const WEEKDAY_OPTIONS = WEEKDAYS.map((label, i) => ({ value: String(i), label }));
const DAY_OPTIONS = Array.from({ length: 29 }, (_, i) => ({ value: String(i + 1), label: toFaDigits(String(i + 1)) }));

/** PlansView is /plans_page. */
export default function PlansView() {
  const { data, failed, reload } = useLoad(() => plansApi.list(), M.loadFailed);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const plans = data?.plans ?? null;

  const remove = async (p: Plan) => {
    setBusy(true);
    try {
      await plansApi.remove(p.id);
      toast(M.deleted, "success");
      await reload();
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error");
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  const toggle = async (p: Plan) => {
    setBusy(true);
    try {
      const answer = await plansApi.setStatus(p.id, p.status === "active" ? "paused" : "active");
      toast(answer.message ?? "ذخیره شد", "success");
      await reload();
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="plans stack">
      <PageHeader title="طرح پس‌انداز طلا" back="/trade_page" />
      <NewPlan onMade={reload} />
      <section className="card" aria-labelledby="plans-title">
        <h2 id="plans-title" className="section-title">
          طرح‌های من
        </h2>
        {plans === null ? (
          failed ? <LoadFailed icon={<CoinsIcon size={40} />} title={M.loadFailed} onRetry={reload} /> : <Loading />
        ) : plans.length === 0 ? (
          <p className="empty-line" data-testid="plans-empty">
            <CoinsIcon />
            هنوز طرحی نساخته‌اید.
          </p>
        ) : (
          <ul className="plan-list">
            {plans.map((p) => (
              <PlanRow key={p.id} plan={p} busy={busy} onToggle={() => toggle(p)} onDelete={() => setDeleting(p)} />
            ))}
          </ul>
        )}
      </section>
      {deleting && (
        <ConfirmDialog title="حذف طرح" yes="بله، حذف شود" danger busy={busy} onConfirm={() => remove(deleting)} onClose={() => setDeleting(null)} testid="plan-delete">
          <p className="confirm-text">{planText(deleting)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** PlanRow is one plan: its terms, next run and totals, its pause and delete, and its history on demand. */
function PlanRow({ plan: p, busy, onToggle, onDelete }: { plan: Plan; busy: boolean; onToggle: () => void; onDelete: () => void }) {
  const [history, setHistory] = useState<Plan["history"] | null>(null);
  const open = async () => {
    try {
      setHistory((await plansApi.get(p.id)).plan.history ?? []);
    } catch (err) {
      toast(errorText(err, M.loadFailed), "error");
    }
  };
  return (
    <li className={`plan-row${p.status === "paused" ? " is-paused" : ""}`} data-testid={`plan-${p.id}`}>
      <div className="plan-head">
        <p className="plan-text">{planText(p)}</p>
        <button type="button" className="icon-btn" onClick={onDelete} aria-label="حذف طرح" title="حذف طرح" data-testid={`plan-delete-${p.id}`}>
          <TrashIcon size={22} />
        </button>
      </div>
      <p className="muted small" data-testid={`plan-next-${p.id}`}>
        {p.status === "paused" ? "متوقف است" : p.next_run_at ? `خرید بعدی: ${formatJalaliDateTimeShort(p.next_run_at)}` : ""}
      </p>
      <p className="small" data-testid={`plan-total-${p.id}`}>{`تا امروز ${formatGold(p.bought_gold)} گرم طلا به بهای ${faNumber(p.spent_rial)} ریال`}</p>
      <div className="plan-actions">
        <Button variant="secondary" busy={busy} onClick={onToggle} data-testid={`plan-toggle-${p.id}`}>
          {p.status === "active" ? "توقف" : "ادامه"}
        </Button>
        <Button variant="ghost" onClick={open} data-testid={`plan-history-${p.id}`}>
          سابقه خریدها
        </Button>
      </div>
      {history && (
        <ul className="plan-history" data-testid={`plan-runs-${p.id}`}>
          {history.length === 0 ? <li className="muted small">هنوز نوبتی اجرا نشده است.</li> : null}
          {history.map((r) => (
            <li key={r.at} className={`small ${r.status === "bought" ? "plan-run-bought" : "plan-run-skipped"}`}>
              {`${formatJalaliDateTimeShort(r.at)}: `}
              {r.status === "bought" ? `${formatGold(r.amount_gold)} گرم خریده شد` : `انجام نشد؛ ${SKIP_REASONS[r.reason] ?? "دلیل نامشخص"}`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** NewPlan is the form of a new plan, then its code step. */
function NewPlan({ onMade }: { onMade: () => void }) {
  const [digits, setDigits] = useState("");
  const [every, setEvery] = useState<PlanEvery>("week");
  const [weekday, setWeekday] = useState("0");
  const [day, setDay] = useState("1");
  const [time, setTime] = useState("10:00");
  const step = useCodeStep(plansApi.create, { asked: M.codeAsked, done: "طرح ساخته شد", failed: M.saveFailed }, () => {
    setDigits("");
    onMade();
  });
  const { error, setError, busy } = step;

  const terms = (): PlanTerms => ({
    amount_rial: digits,
    every,
    time: toLatinDigits(time),
    ...(every === "week" ? { weekday: Number(weekday) } : every === "month" ? { day: Number(day) } : {}),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = planFormError(digits, toLatinDigits(time));
    setError(problem);
    if (!problem && !busy) void step.send(terms());
  };
  if (step.asked) {
    return (
      <CodeStepForm step={step} title="تایید طرح" confirmLabel="تایید و ساخت طرح" testid="plan">
        <p className="muted">{planText(step.asked)}</p>
      </CodeStepForm>
    );
  }
  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="plan-form">
      <h2 className="section-title">طرح تازه</h2>
      <p className="muted small">هر نوبت، این مبلغ از کیف پولتان به قیمت همان لحظه طلا می‌خرد؛ اگر موجودی کافی نباشد، آن نوبت انجام نمی‌شود. حداکثر ۵ طرح.</p>
      <AmountField label="مبلغ هر خرید" digits={digits} onDigits={(d) => (setDigits(d), setError(null))} error={error} testid="plan-amount" />
      <SelectField label="هر چند وقت" value={every} onValue={(v) => setEvery(v as PlanEvery)} options={EVERY_OPTIONS} testid="plan-every" />
      {every === "week" && <SelectField label="روز هفته" value={weekday} onValue={setWeekday} options={WEEKDAY_OPTIONS} testid="plan-weekday" />}
      {every === "month" && <SelectField label="روز ماه" value={day} onValue={setDay} options={DAY_OPTIONS} testid="plan-day" />}
      <Field label="ساعت خرید" value={toFaDigits(time)} onValue={(v) => setTime(toLatinDigits(v))} dir="ltr" inputMode="numeric" maxLength={5} data-testid="plan-time" />
      <Button type="submit" className="btn-block" busy={busy} data-testid="plan-submit">
        ساخت طرح
      </Button>
    </form>
  );
}
