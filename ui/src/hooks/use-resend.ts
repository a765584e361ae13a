import { useState } from "react";
import { errorText } from "../api";
import { toast } from "../components/ui/toast";

/**
 * useResend asks for a new code: on success it shows the server's message and calls onSent (clear the
 * boxes, restart the countdown); on failure it shows why. Used by every 5-digit code step.
 */
export function useResend(send: () => Promise<{ message?: string } | void>, onSent: () => void) {
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      const answer = await send();
      toast((answer && answer.message) || "کد جدید ارسال شد", "success");
      onSent();
    } catch (err) {
      toast(errorText(err, "خطا در ارسال مجدد کد"), "error");
    } finally {
      setResending(false);
    }
  };
  return { resending, resend };
}
