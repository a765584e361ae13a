// The owner's reset of a customer's lost second factor (issue 36), behind a question that names them: their
// authenticator, passkeys and recovery codes go, every device of theirs is signed out, and they are texted.
import { useState } from "react";
import { errorText } from "../../api";
import { adminApi } from "../../api-admin";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { toast } from "../ui/toast";
import { toFaDigits } from "../../lib/digits";

type Props = { id: number; name: string; phone: string; onReset: () => void; onClose: () => void };

/** UserFactorReset asks the owner before a customer's second factor is taken away. */
export function UserFactorReset({ id, name, phone, onReset, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      const answer = await adminApi.resetUserSecondFactor(id);
      toast(answer?.message || "تایید دومرحله‌ای برداشته شد", "success");
      onReset();
    } catch (err) {
      toast(errorText(err, "تایید دومرحله‌ای برداشته نشد"), "error");
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <ConfirmDialog title="برداشتن تایید دومرحله‌ای" yes="بله، برداشته شود" danger busy={busy} onConfirm={() => void reset()} onClose={onClose} testid="factor-reset">
      <p>{`تایید دومرحله‌ای ${name} (${toFaDigits(phone)}) برداشته شود؟ ورود او در همه دستگاه‌ها بسته می‌شود و پیامکی برایش فرستاده می‌شود. این کار را فقط وقتی انجام دهید که هویت او را دیده‌اید.`}</p>
    </ConfirmDialog>
  );
}
