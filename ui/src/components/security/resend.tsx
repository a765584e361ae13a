import { toFaDigits } from "../../lib/digits";
import { Button } from "../ui";

/** Resend shows the countdown to the next code, then the resend button. */
export function Resend({ left, busy, onResend }: { left: number; busy?: boolean; onResend: () => void }) {
  if (left > 0) {
    const mm = Math.floor(left / 60);
    const ss = String(left % 60).padStart(2, "0");
    return (
      <p className="resend" data-testid="resend-countdown" aria-live="off">
        {`ارسال دوباره کد تا ${toFaDigits(`${mm}:${ss}`)} دیگر`}
      </p>
    );
  }
  return (
    <div className="resend">
      <Button variant="ghost" busy={busy} onClick={onResend} data-testid="resend-code">
        ارسال مجدد کد
      </Button>
    </div>
  );
}
