// The withdraw tab: the customer's pending withdraws (each can be cancelled), then an amount and a choice
// among the customer's own bank cards.
import { useEffect, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { api, errorText, type BankAccount, type Balances, type WalletRequest } from "../api";
import { useIdempotencyKey } from "../hooks/use-idempotency-key";
import { formatJalaliDateTime } from "../lib/jalali";
import { formatRial } from "../lib/money";
import { parseUnits } from "../lib/ledger";
import { WALLET_MESSAGES as M, withdrawError } from "../lib/wallet";
import { AmountField } from "./amount-field";
import { BankAccountInfo } from "./bank-account-info";
import { CardIcon } from "./icons";
import { toast } from "./toast";
import { Button, LinkButton, Loading } from "./ui";

/** cancelKey is the idempotency key of cancelling a request: a request is cancelled once, so one key each. */
export const cancelKey = (id: number) => `cancel-${id}`;

/** useCancel cancels a pending withdraw; it says which one is being cancelled. */
export function useCancel(after: () => void): [number | null, (id: number) => Promise<void>] {
  const [busyId, setBusyId] = useState<number | null>(null);
  const cancel = async (id: number) => {
    setBusyId(id);
    try {
      const answer = await api.cancelWalletRequest(id, cancelKey(id));
      toast(answer?.message || M.cancelDone, "success");
      after();
    } catch (err) {
      toast(errorText(err, M.cancelFailed), "error");
      after();
    } finally {
      setBusyId(null);
    }
  };
  return [busyId, cancel];
}

/** WithdrawPanel is the withdraw tab; onDone reloads the balances after a change. */
export function WithdrawPanel({ balances, onDone }: { balances: Balances | null; onDone: () => void }) {
  const [accounts, setAccounts] = useState<BankAccount[] | null>(null);
  const [pending, setPending] = useState<WalletRequest[]>([]);
  const [amount, setAmount] = useState("");
  const [accountId, setAccountId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, renewKey] = useIdempotencyKey([amount, accountId]);

  const loadPending = () =>
    api.pendingWithdraws().then(setPending, (err) => toast(errorText(err, M.pendingFailed), "error"));

  useEffect(() => {
    api.bankAccounts().then(setAccounts, (err) => {
      setAccounts([]);
      toast(errorText(err, M.accountsFailed), "error");
    });
    loadPending();
  }, []);

  const [cancelling, cancel] = useCancel(() => {
    loadPending();
    onDone();
  });

  // Above the available balance is said while typing, not only on submit.
  const available = balances?.available_rial;
  const over = amount !== "" && available !== undefined && (parseUnits(available, 0) ?? 0n) < BigInt(amount);
  const shownError = error ?? (over ? M.insufficient : null);

  const withdrawAll = () => {
    const all = parseUnits(available, 0) ?? 0n;
    setAmount(all > 0n ? all.toString() : "");
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const err = withdrawError(amount, available);
    if (err) return setError(err);
    if (accountId === null) return setError(M.accountRequired);
    setBusy(true);
    try {
      const answer = await api.withdraw(amount, accountId, key);
      toast(answer?.message || M.withdrawDone, "success", 5000);
      setAmount("");
      renewKey();
      loadPending();
      onDone();
    } catch (err) {
      toast(errorText(err, M.withdrawFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="stack">
      {pending.length > 0 && (
        <section className="card pending-withdraws" aria-labelledby="pending-title">
          <h2 id="pending-title" className="section-title">
            درخواست‌های برداشت در انتظار تایید
          </h2>
          <ul className="pending-list">
            {pending.map((r) => (
              <li key={r.id} className="pending-item" data-testid={`pending-${r.id}`}>
                <span className="pending-main">
                  <span className="pending-amount">
                    {formatRial(r.amount)} <span className="amount-unit">ریال</span>
                  </span>
                  <span className="pending-date">{formatJalaliDateTime(r.created_at)}</span>
                  {r.bank_name && <span className="pending-bank">{r.bank_name}</span>}
                </span>
                <Button variant="danger" className="btn-sm" busy={cancelling === r.id} disabled={cancelling !== null} onClick={() => cancel(r.id)} data-testid={`cancel-${r.id}`}>
                  لغو
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {accounts === null ? (
        <Loading text="در حال دریافت حساب‌های بانکی…" />
      ) : accounts.length === 0 ? (
        <section className="card status-card" data-testid="no-bank-account">
          <div className="status-icon">
            <CardIcon size={40} />
          </div>
          <h2 className="status-title">هنوز حساب بانکی ثبت نکرده‌اید</h2>
          <p className="status-text">برای برداشت از کیف پول، ابتدا یک کارت بانکی به نام خودتان ثبت کنید.</p>
          <LinkButton href="/bank-accounts_page" data-testid="add-bank-account-link">
            ثبت حساب بانکی
          </LinkButton>
        </section>
      ) : (
        <form className="card form" onSubmit={submit} noValidate data-testid="withdraw-form">
          <AmountField
            label="مبلغ برداشت"
            digits={amount}
            onDigits={(d) => (setAmount(d), setError(null))}
            error={shownError}
            disabled={busy}
            testid="withdraw-amount"
          />
          {available !== undefined && (
            <p className="available-line">
              <span>موجودی قابل برداشت:</span>
              <button type="button" className="link-btn" onClick={withdrawAll} title="برداشت کل موجودی" data-testid="withdraw-all">
                {formatRial(available)} ریال
              </button>
            </p>
          )}
          <fieldset className="bank-options">
            <legend className="field-label">واریز به کارت</legend>
            {accounts.map((a) => (
              <label key={a.id} className={`bank-option account-row${accountId === a.id ? " selected" : ""}`} data-testid={`bank-option-${a.id}`}>
                <input type="radio" name="withdraw-account" className="visually-hidden" checked={accountId === a.id} onChange={() => (setAccountId(a.id), setError(null))} />
                <BankAccountInfo account={a} />
                <span className="radio-dot" aria-hidden="true" />
              </label>
            ))}
            <Link href="/bank-accounts_page" className="manage-accounts">
              مدیریت حساب‌های بانکی
            </Link>
          </fieldset>
          <Button type="submit" className="btn-block" busy={busy} disabled={accountId === null} data-testid="withdraw-submit">
            ثبت درخواست برداشت
          </Button>
        </form>
      )}
    </div>
  );
}
