// One bank account as the wallet and the bank-accounts screen show it: logo, bank, holder, card, IBAN.
import type { BankAccount } from "../../api";
import { formatCardNumber, formatIban } from "../../lib/cards";
import { BankLogo } from "./bank-logo";
import "../../styles/bank-account.css";

/** UNKNOWN_BANK names a bank the server could not name. */
export const UNKNOWN_BANK = "بانک نامشخص";

/** BankAccountInfo shows an account; numbers read left to right, grouped by four. */
export function BankAccountInfo({ account }: { account: BankAccount }) {
  return (
    <>
      <BankLogo name={account.bank_name} />
      <span className="account-info">
        <span className="account-bank">{account.bank_name || UNKNOWN_BANK}</span>
        {account.account_holder_name && <span className="account-holder">{account.account_holder_name}</span>}
        <span className="account-number" dir="ltr">
          {formatCardNumber(account.card_number)}
        </span>
        {account.iban && (
          <span className="account-iban">
            <span className="account-iban-label">شبا</span>
            <span dir="ltr">{formatIban(account.iban)}</span>
          </span>
        )}
      </span>
    </>
  );
}
