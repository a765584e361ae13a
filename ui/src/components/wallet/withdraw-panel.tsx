// The withdraw tab: the customer's pending withdraws (each can be cancelled), then an amount and a choice
// among the customer's own bank cards. To a card added in the last 24 hours the server first texts a code:
// the form then asks for it and sends the same withdraw again with it.
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { api, errorText, type BankAccount, type Balances } from "../../api";
import { useCountdown } from "../../hooks/use-countdown";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { useLoad } from "../../hooks/use-load";
import { useOffline } from "../../hooks/use-offline";
import { useResend } from "../../hooks/use-resend";
import { formatJalaliDateTime } from "../../lib/jalali";
import { formatRial } from "../../lib/money";
import { parseUnits } from "../../lib/ledger";
import { MESSAGES } from "../../lib/validate";
import { isNewCard, WALLET_MESSAGES as M, withdrawError } from "../../lib/wallet";
import { AmountField } from "../ui/amount-field";
import { BankAccountInfo } from "../bank/bank-account-info";
import { CODE_LENGTH, CodeInput } from "../ui/code-input";
import { BackIcon, CardIcon, ShieldIcon } from "../ui/icons";
import { OfflineNote } from "../shell/offline-banner";
import { Resend } from "../security/resend";
import { toast } from "../ui/toast";
import { Button, LinkButton, Loading } from "../ui";
import "../../styles/wallet.css";

/** RESEND_SECONDS is the wait before the server texts another code. */
const RESEND_SECONDS = 60;

/** Asked is the withdraw a texted code was asked for; the code approves exactly this card and amount. */
type Asked = { amount: string; account: BankAccount };

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
  const [amount, setAmount] = useState("");
  const [accountId, setAccountId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, renewKey] = useIdempotencyKey([amount, accountId]);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const resendIn = useCountdown();
  const offline = useOffline();

  // no cards after a failed load: the way to add one shows (and useLoad's toast says why)
  const cards = useLoad(() => api.bankAccounts(), M.accountsFailed, { onError: () => void cards.setData([]) });
  const accounts = cards.data;
  const { data: pendingList, reload: loadPending } = useLoad(() => api.pendingWithdraws(), M.pendingFailed);
  const pending = pendingList ?? [];

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

  /** done shows the recorded withdraw (say: with a toast) and empties the form for the next one. */
  const done = (message?: string, say = true) => {
    if (say) toast(message || M.withdrawDone, "success", 5000);
    setAmount("");
    setAsked(null);
    setCode("");
    renewKey();
    loadPending();
    onDone();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || offline) return;
    const err = withdrawError(amount, available);
    if (err) return setError(err);
    const account = accounts?.find((a) => a.id === accountId);
    if (!account) return setError(M.accountRequired);
    setBusy(true);
    try {
      const answer = await api.withdraw(amount, account.id, key);
      if (answer.code_required) {
        setAsked({ amount, account });
        setCode("");
        setCodeError(null);
        resendIn.restart(RESEND_SECONDS);
      } else done(answer.message);
    } catch (err) {
      toast(errorText(err, M.withdrawFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  // The same withdraw with the code, under the same Idempotency-Key: the 403 gave the key back, and a
  // double tap or a lost answer now replays the one recorded withdraw.
  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || offline || !asked) return;
    if (code.length !== CODE_LENGTH) return setCodeError(MESSAGES.codeIncomplete);
    setBusy(true);
    try {
      const answer = await api.withdraw(asked.amount, asked.account.id, key, code);
      if (answer.code_required) setCodeError(answer.message || M.stepUpNote);
      else done(answer.message);
    } catch (err) {
      setCodeError(errorText(err, M.withdrawFailed));
    } finally {
      setBusy(false);
    }
  };

  // A resend is the same withdraw without a code: the server texts a new one (after the 60 s spacing).
  const { resending, resend } = useResend(
    async () => {
      if (!asked) return;
      const answer = await api.withdraw(asked.amount, asked.account.id, key);
      if (answer.code_required) return { message: M.codeResent };
      done(answer.message, false); // the card stopped being new meanwhile: the withdraw is recorded
      return { message: answer.message || M.withdrawDone };
    },
    () => {
      setCode("");
      setCodeError(null);
      resendIn.restart(RESEND_SECONDS);
    },
  );

  const back = () => {
    setAsked(null);
    setCode("");
    setCodeError(null);
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
      ) : asked ? (
        <form className="card form" onSubmit={verify} noValidate data-testid="withdraw-code-step">
          <p className="note" data-testid="withdraw-code-note">
            <ShieldIcon size={20} />
            <span>{M.stepUpNote}</span>
          </p>
          <div className="bank-option account-row selected" data-testid="withdraw-code-card">
            <BankAccountInfo account={asked.account} />
            <span className="radio-dot" aria-hidden="true" />
          </div>
          <p className="available-line">
            <span>مبلغ برداشت:</span>
            <strong data-testid="withdraw-code-amount">{formatRial(asked.amount)} ریال</strong>
          </p>
          <CodeInput value={code} onChange={(v) => (setCode(v), setCodeError(null))} error={codeError} disabled={busy} />
          <Button type="submit" className="btn-block" busy={busy} disabled={offline} data-testid="withdraw-verify">
            تایید و ثبت برداشت
          </Button>
          <OfflineNote />
          <Resend left={resendIn.left} busy={resending} onResend={resend} />
          <Button variant="ghost" onClick={back} disabled={busy} data-testid="withdraw-code-back">
            <BackIcon size={18} />
            ویرایش مبلغ یا کارت
          </Button>
        </form>
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
            {accounts.some((a) => a.id === accountId && isNewCard(a.created_at)) && (
              <p className="field-hint" data-testid="withdraw-new-card-hint">
                {M.newCardHint}
              </p>
            )}
            <Link href="/bank-accounts_page" className="manage-accounts">
              مدیریت حساب‌های بانکی
            </Link>
          </fieldset>
          <Button type="submit" className="btn-block" busy={busy} disabled={accountId === null || offline} data-testid="withdraw-submit">
            ثبت درخواست برداشت
          </Button>
          <OfflineNote />
        </form>
      )}
    </div>
  );
}
