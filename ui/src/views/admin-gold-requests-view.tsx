// Abshodeh request review (admin.md §2, §4): filter, count, a table on a desktop and cards on a phone;
// each request moves on as decisions.md §6 allows, rejection after asking for a reason.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, newIdempotencyKey, type GoldRequest, type GoldRequestFilter } from "../api";
import { RejectDialog, RequestList } from "../components/abshodeh-requests";
import { SelectField } from "../components/admin-parts";
import { DateField } from "../components/date-field";
import { ChevronDownIcon, FilterIcon, GoldBarIcon } from "../components/icons";
import { toast } from "../components/toast";
import { Button, Field, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import {
  DECISION_DONE,
  decisionError,
  EMPTY_GOLD_FILTER,
  GOLD_REQUEST_STATUS_OPTIONS,
  goldFilter,
  requestsLoadError,
  type GoldDecision,
  type GoldFilterForm,
} from "../lib/abshodeh";
import { toFaDigits } from "../lib/digits";
import { todayJalali } from "../lib/jalali";
import "../styles/admin.css";
import "../styles/abshodeh.css";

/** FIRST_DAY is the earliest day the date filters offer. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

/** Outcome is how a decision ended: done, refused by the server, or unknown (no answer came). */
type Outcome = "done" | "refused" | "unknown";

/**
 * useGoldDecision moves requests on. Each decision carries an idempotency key that is kept while the
 * outcome is unknown (no answer), so a retry after a dropped connection is applied once; after any
 * answer the key is dropped. after runs once each decision has finished: the list reloads every time.
 */
function useGoldDecision(after: () => void) {
  const keys = useRef(new Map<string, string>());
  const [busy, setBusy] = useState<Record<number, GoldDecision>>({});

  const decide = async (id: number, status: GoldDecision, reason = ""): Promise<Outcome> => {
    const k = `${id}:${status}`;
    const key = keys.current.get(k) ?? newIdempotencyKey();
    keys.current.set(k, key);
    setBusy((b) => ({ ...b, [id]: status }));
    try {
      const answer = await api.decideGoldRequest(id, status, status === "rejected" ? reason.trim() : "", key);
      keys.current.delete(k);
      toast(answer?.message || DECISION_DONE[status], "success");
      return "done";
    } catch (err) {
      const unknown = err instanceof ApiError && err.status === 0;
      if (!unknown) keys.current.delete(k);
      toast(decisionError(err), "error");
      return unknown ? "unknown" : "refused";
    } finally {
      setBusy(({ [id]: _, ...rest }) => rest);
      after();
    }
  };

  return { busy, decide };
}

/** AdminGoldRequestsView is /admin-gold-requests_page. */
export default function AdminGoldRequestsView() {
  const [form, setForm] = useState<GoldFilterForm>(EMPTY_GOLD_FILTER);
  const [dateError, setDateError] = useState<{ field: "from" | "to"; message: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<GoldRequest[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [rejecting, setRejecting] = useState<GoldRequest | null>(null);
  const applied = useRef<GoldRequestFilter>({});
  const seq = useRef(0);
  const narrow = useMediaQuery(NARROW_LIST);

  const load = async (filter: GoldRequestFilter) => {
    applied.current = filter;
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await api.adminGoldRequests(filter);
      if (mine !== seq.current) return;
      setList(Array.isArray(rows) ? rows : []);
      setFailed(null);
    } catch (err) {
      if (mine !== seq.current) return;
      const text = requestsLoadError(err);
      setFailed(text);
      toast(text, "error");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  const { busy, decide } = useGoldDecision(() => void load(applied.current));

  useEffect(() => void load({}), []);

  const set = (key: keyof GoldFilterForm) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    if (key === "from" || key === "to") setDateError(null);
  };

  const apply = (e: Event) => {
    e.preventDefault();
    const out = goldFilter(form);
    if (!out.ok) {
      setDateError({ field: out.field, message: out.message });
      toast(out.message, "error");
      return;
    }
    setDateError(null);
    void load(out.filter);
  };

  const clear = () => {
    setForm(EMPTY_GOLD_FILTER);
    setDateError(null);
    void load({});
  };

  const onDecide = (r: GoldRequest, d: GoldDecision) => {
    if (d === "rejected") setRejecting(r);
    else void decide(r.id, d);
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    const id = rejecting.id;
    // the dialog stays open only when no answer came, so the same tap can be retried with the same key
    if ((await decide(id, "rejected", reason)) !== "unknown") setRejecting((r) => (r?.id === id ? null : r));
  };

  const today = todayJalali();
  const dateProps = { min: FIRST_DAY, max: today, initial: today, placeholder: "۱۴۰۴/۰۱/۰۱", hint: "", autoComplete: "off" };

  return (
    <div class="admin-page wide-screen stack">
      <PageHeader title="مدیریت درخواست‌های آبشده" />

      <section class={`card filters${open ? " open" : ""}`} aria-label="فیلتر درخواست‌ها">
        <button type="button" class="filters-toggle" aria-expanded={open} aria-controls="gr-filters" onClick={() => setOpen(!open)} data-testid="filters-toggle">
          <FilterIcon size={20} />
          فیلترها
          <span class="filters-chevron">
            <ChevronDownIcon size={20} />
          </span>
        </button>
        <form id="gr-filters" class="filters-body" onSubmit={apply} noValidate>
          <Field label="جستجوی کاربر" value={form.userSearch} onValue={set("userSearch")} placeholder="نام، شماره موبایل یا شناسه" data-testid="filter-user" />
          <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={GOLD_REQUEST_STATUS_OPTIONS} testid="filter-status" />
          <DateField
            label="از تاریخ"
            value={form.from}
            onValue={set("from")}
            {...dateProps}
            error={dateError?.field === "from" ? dateError.message : null}
            testid="filter-from"
          />
          <DateField
            label="تا تاریخ"
            value={form.to}
            onValue={set("to")}
            {...dateProps}
            error={dateError?.field === "to" ? dateError.message : null}
            testid="filter-to"
          />
          <div class="filters-actions">
            <Button type="submit" busy={loading && list !== null} data-testid="filter-apply">
              اعمال فیلتر
            </Button>
            <Button variant="secondary" onClick={clear} data-testid="filter-clear">
              پاک کردن
            </Button>
          </div>
        </form>
      </section>

      {list === null ? (
        failed ? (
          <LoadFailed icon={<GoldBarIcon size={40} />} title={failed} onRetry={() => load(applied.current)} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <p class="list-count" data-testid="request-count" aria-live="polite">
            {`تعداد درخواست‌ها: ${toFaDigits(list.length)}`}
          </p>
          {list.length === 0 ? (
            <StatusCard icon={<GoldBarIcon size={40} />} title="درخواستی یافت نشد" testid="gr-empty" />
          ) : (
            <RequestList requests={list} narrow={narrow} loading={loading} busy={busy} onDecide={onDecide} />
          )}
        </>
      )}

      {rejecting && (
        <RejectDialog request={rejecting} busy={busy[rejecting.id] === "rejected"} onReject={reject} onClose={() => setRejecting(null)} />
      )}
    </div>
  );
}
