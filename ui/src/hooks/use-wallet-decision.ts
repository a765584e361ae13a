import { useRef, useState } from "react";
import { ApiError, errorText, newIdempotencyKey, type WalletRequest } from "../api";
import { toast } from "../components/ui/toast";
import { adminApi } from "../api-admin";

/** Decision is what an admin does with a pending wallet request. */
export type Decision = "approved" | "rejected";

/** DECISION_FAILED is the fallback when the server sends no text (admin.md §8). */
export const DECISION_FAILED = "خطا در به‌روزرسانی درخواست";

const DONE: Record<Decision, string> = { approved: "درخواست تایید شد", rejected: "درخواست رد شد" };

/**
 * useWalletDecision approves or rejects wallet requests. Each decision carries an idempotency
 * key that is kept while the outcome is unknown (no answer from the server), so a retry after a
 * dropped connection can never move money twice; after any answer the key is dropped. after runs
 * once every decision has finished, whatever its outcome: the lists reload after every action.
 * An approval waits for the admin to confirm it (approving is the request asked about).
 */
export function useWalletDecision(after: () => void) {
  const keys = useRef(new Map<string, string>());
  const [busy, setBusy] = useState<Record<number, Decision>>({});

  const decide = async (id: number, status: Decision, reason = ""): Promise<boolean> => {
    const k = `${id}:${status}`;
    const key = keys.current.get(k) ?? newIdempotencyKey();
    keys.current.set(k, key);
    setBusy((b) => ({ ...b, [id]: status }));
    try {
      const answer = await adminApi.decideWalletRequest(id, status, status === "rejected" ? reason.trim() : "", key);
      keys.current.delete(k);
      toast(answer?.message || DONE[status], "success");
      return true;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) keys.current.delete(k);
      toast(errorText(err, DECISION_FAILED), "error");
      return false;
    } finally {
      setBusy((b) => {
        const next = { ...b };
        delete next[id];
        return next;
      });
      after();
    }
  };

  const [approving, setApproving] = useState<WalletRequest | null>(null);
  /** confirmApprove approves the request asked about; the question closes once any answer came. */
  const confirmApprove = async () => {
    if (!approving) return;
    await decide(approving.id, "approved");
    setApproving(null);
  };

  return { busy, decide, approving, askApprove: setApproving, confirmApprove, cancelApprove: () => setApproving(null) };
}
