// Recording a counter invoice (issue 38), once: one idempotency key per filled invoice, kept through the
// customer's code step (an invoice that takes from their wallet waits for the code texted to them, bound to
// what it takes), renewed after a success. The server's refusal is shown as it says it; on success the
// invoice's printed page opens.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { errorText } from "../api";
import { counterApi } from "../api-counter";
import type { CounterInvoiceBody } from "../api-types";
import { toast } from "../components/ui/toast";
import { invoicePrintPath } from "../lib/invoice-path";
import { CODE_LENGTH, MESSAGES } from "../lib/validate";
import { useCountdown } from "./use-countdown";
import { useIdempotencyKey } from "./use-idempotency-key";
import { useResend } from "./use-resend";

/** RESEND_SECONDS is the wait before the server texts the customer another code. */
const RESEND_SECONDS = 60;

/** Asked is the invoice waiting for the customer's code, and the server's words about it. */
type Asked = { body: CounterInvoiceBody; json: string; message: string };

/**
 * useCounterRecord records body (null while the invoice cannot be sent). refuse shows why it was not sent;
 * asked is set while the customer's code is awaited, and drops when the invoice changes under it.
 */
export function useCounterRecord(body: CounterInvoiceBody | null, refuse: (text: string) => void) {
  const [, navigate] = useLocation();
  const json = JSON.stringify(body);
  const [key, renewKey] = useIdempotencyKey([json]);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const resendIn = useCountdown();

  // the code is bound to what the invoice takes: an invoice changed meanwhile asks again
  useEffect(() => {
    if (asked && asked.json !== json) setAsked(null);
  }, [json]);

  const send = async (b: CounterInvoiceBody, withCode?: string) => {
    const answer = await counterApi.record(b, key, withCode);
    if (answer.code_required) return answer;
    renewKey();
    setAsked(null);
    toast(answer.message || "فاکتور ثبت شد", "success");
    navigate(invoicePrintPath(answer.invoice.id));
    return answer;
  };

  /** record sends the invoice, or with the customer's code the invoice waiting for it. */
  const record = async () => {
    if (busy || !body) return;
    setBusy(true);
    try {
      if (asked) {
        if (code.length !== CODE_LENGTH) return setCodeError(MESSAGES.codeIncomplete);
        const answer = await send(asked.body, code);
        if (answer.code_required) setCodeError(answer.message);
        return;
      }
      const answer = await send(body);
      if (answer.code_required) {
        setAsked({ body, json, message: answer.message });
        setCode("");
        setCodeError(null);
        resendIn.restart(RESEND_SECONDS);
      }
    } catch (err) {
      if (asked) setCodeError(errorText(err, "خطا در ثبت فاکتور"));
      else refuse(errorText(err, "خطا در ثبت فاکتور"));
    } finally {
      setBusy(false);
    }
  };

  // a resend is the same invoice without a code: the server texts a new one
  const { resending, resend } = useResend(
    async () => {
      if (!asked) return;
      const answer = await send(asked.body);
      return { message: answer.message };
    },
    () => {
      setCode("");
      setCodeError(null);
      resendIn.restart(RESEND_SECONDS);
    },
  );

  return {
    busy, asked, code, codeError, record, resend, resending, resendLeft: resendIn.left,
    typed: (v: string) => (setCode(v), setCodeError(null)),
    back: () => (setAsked(null), setCodeError(null)),
  };
}
