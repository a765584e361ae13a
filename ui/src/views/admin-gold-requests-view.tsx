// Abshodeh request review (admin.md §2, §4): filter, count, a table on a desktop and cards on a phone;
// each request moves on as decisions.md §6 allows, rejection after asking for a reason.
import { useRef, useState } from "react";
import { ApiError, newIdempotencyKey, type GoldRequest, type GoldRequestFilter } from "../api";
import { DecisionDialog, RejectDialog, RequestList } from "../components/holdings/abshodeh-requests";
import { DateRangeFields, FilterActions, FilterPanel } from "../components/ui/filter-panel";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { GoldBarIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { Field, PageHeader, StatusCard } from "../components/ui";
import { useAdminList, useDateFilterForm } from "../hooks/use-admin-list";
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
import "../styles/admin.css";
import "../styles/abshodeh.css";
import { adminApi } from "../api-admin";

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
      const answer = await adminApi.decideGoldRequest(id, status, status === "rejected" ? reason.trim() : "", key);
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
  const { list, loading, failed, load, reload } = useAdminList((filter: GoldRequestFilter) => adminApi.adminGoldRequests(filter), requestsLoadError);
  const { form, set, apply, clear, dateErrorOf } = useDateFilterForm<GoldFilterForm, GoldRequestFilter>(EMPTY_GOLD_FILTER, goldFilter, load);
  const [rejecting, setRejecting] = useState<GoldRequest | null>(null);
  const [confirming, setConfirming] = useState<{ r: GoldRequest; d: Exclude<GoldDecision, "rejected"> } | null>(null);
  const narrow = useMediaQuery(NARROW_LIST);

  const { busy, decide } = useGoldDecision(() => void reload());

  const onDecide = (r: GoldRequest, d: GoldDecision) => {
    if (d === "rejected") setRejecting(r);
    else setConfirming({ r, d });
  };

  const confirm = async () => {
    if (!confirming) return;
    const { r, d } = confirming;
    // as with a rejection, the question stays only when no answer came, for a retry with the same key
    if ((await decide(r.id, d)) !== "unknown") setConfirming((c) => (c?.r.id === r.id ? null : c));
  };

  const reject = async (reason: string) => {
    if (!rejecting) return;
    const id = rejecting.id;
    // the dialog stays open only when no answer came, so the same tap can be retried with the same key
    if ((await decide(id, "rejected", reason)) !== "unknown") setRejecting((r) => (r?.id === id ? null : r));
  };

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="مدیریت درخواست‌های آبشده" />

      <FilterPanel label="فیلتر درخواست‌ها" id="gr-filters" onSubmit={apply}>
        <Field label="جستجوی کاربر" value={form.userSearch} onValue={set("userSearch")} placeholder="نام، شماره موبایل یا شناسه" data-testid="filter-user" />
        <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={GOLD_REQUEST_STATUS_OPTIONS} testid="filter-status" />
        <DateRangeFields from={form.from} to={form.to} onValue={set} errorOf={dateErrorOf} />
        <FilterActions busy={loading && list !== null} onClear={clear} />
      </FilterPanel>

      {list === null ? (
        <ListPending failed={!!failed} icon={<GoldBarIcon size={40} />} title={failed ?? ""} onRetry={reload} />
      ) : (
        <>
          <p className="list-count" data-testid="request-count" aria-live="polite">
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
      {confirming && (
        <DecisionDialog
          request={confirming.r}
          decision={confirming.d}
          busy={busy[confirming.r.id] === confirming.d}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
