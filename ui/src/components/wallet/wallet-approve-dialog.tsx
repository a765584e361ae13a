// The question before a wallet request is approved: approving moves the customer's money and cannot be undone.
import type { WalletRequest } from "../../api";
import { formatIban } from "../../lib/cards";
import { toFaDigits } from "../../lib/digits";
import { fullName } from "../../lib/labels";
import { EMPTY, formatCardNumber, formatRial, formatToman } from "../../lib/money";
import { ConfirmDialog } from "../ui/confirm-dialog";

type Props = { request: WalletRequest; busy: boolean; onConfirm: () => void; onClose: () => void };

/** WalletApproveDialog names the customer, the amount and, for a withdrawal, where it is paid. */
export function WalletApproveDialog({ request: r, busy, onConfirm, onClose }: Props) {
  const deposit = r.type === "deposit";
  const who = `${fullName(r.first_name, r.last_name, EMPTY)} (شناسه ${toFaDigits(r.user_id)})`;
  const account = r.card_number ? `کارت ${formatCardNumber(r.card_number)}` : r.iban ? `شبای ${formatIban(r.iban)}` : "";
  return (
    <ConfirmDialog title={deposit ? "تایید واریز" : "تایید برداشت"} yes="بله، تایید شود" busy={busy} onConfirm={onConfirm} onClose={onClose} testid="approve">
      <p className="confirm-text">
        <strong className="confirm-amount" data-testid="approve-amount">{`${formatRial(r.amount)} ریال`}</strong>
        {` (${formatToman(r.amount)} تومان) `}
        {deposit ? `به کیف پول ${who} اضافه می‌شود.` : `از کیف پول ${who} کسر می‌شود.`}
      </p>
      <p className="confirm-text">
        {deposit ? "پیش از تایید، رسید را با حساب بانکی فروشگاه تطبیق دهید." : `پیش از تایید، این مبلغ را به ${account || "حساب مشتری"} واریز کنید.`}
        {" این کار برگشت‌پذیر نیست."}
      </p>
    </ConfirmDialog>
  );
}
