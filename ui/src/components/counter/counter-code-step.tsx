// The customer's consent at the counter (issue 38): an invoice that takes from their wallet is recorded only
// with the code the shop texted to their phone, which they read out to the staff. The code is bound to what
// the invoice takes; resending asks for a new one after the server's spacing.
import type { FormEvent } from "react";
import { toFaDigits } from "../../lib/digits";
import { CodeInput } from "../ui/code-input";
import { Resend } from "../security/resend";
import { Button } from "../ui";

type Props = {
  /** message is the server's words: the code was texted to the customer. */
  message: string;
  phone: string;
  code: string;
  onCode: (v: string) => void;
  error: string | null;
  busy: boolean;
  onConfirm: (e: FormEvent) => void;
  resendLeft: number;
  resending: boolean;
  onResend: () => void;
  onBack: () => void;
};

/** CounterCodeStep asks for the customer's texted code before the invoice is recorded. */
export function CounterCodeStep({ message, phone, code, onCode, error, busy, onConfirm, resendLeft, resending, onResend, onBack }: Props) {
  return (
    <form className="counter-code" onSubmit={onConfirm} noValidate aria-label="کد تایید مشتری" data-testid="counter-code-form">
      <p className="counter-note" data-testid="counter-code-message">
        {message || `کد تایید به ${toFaDigits(phone)} پیامک شد؛ کد را از مشتری بپرسید.`}
      </p>
      <CodeInput value={code} onChange={onCode} error={error} label="کد تایید مشتری" />
      <Button type="submit" busy={busy} className="btn-block" data-testid="counter-code-confirm">
        تایید و ثبت فاکتور
      </Button>
      <Resend left={resendLeft} busy={resending} onResend={onResend} />
      <Button variant="ghost" className="btn-block" onClick={onBack} data-testid="counter-code-back">
        بازگشت به فاکتور
      </Button>
    </form>
  );
}
