// /bank-accounts_page: add a card (and optionally its IBAN), see and delete the registered ones.
import { useState, type FormEvent } from "react";
import { api, errorText, type BankAccount } from "../api";
import { BankAccountInfo, UNKNOWN_BANK } from "../components/bank/bank-account-info";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { GroupedField } from "../components/ui/grouped-field";
import { CardIcon, InfoIcon, TrashIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { useLoad } from "../hooks/use-load";
import { Button, Loading, PageHeader } from "../components/ui";
import { CARD_LENGTH, formatCardNumber, groupIbanDigits, IBAN_DIGITS, ibanValid, luhnValid } from "../lib/cards";
import { toFaDigits } from "../lib/digits";
import "../styles/bank-accounts.css";

/** BANK_MESSAGES are the texts of this screen (customer.md §5 and §8). */
export const BANK_MESSAGES = {
  cardLength: "شماره کارت باید دقیقاً ۱۶ رقم باشد",
  cardInvalid: "این شماره کارت معتبر نیست؛ لطفاً دوباره بررسی کنید",
  ibanLength: "شماره شبا باید ۲۴ رقم بعد از IR باشد",
  ibanInvalid: "این شماره شبا معتبر نیست؛ لطفاً دوباره بررسی کنید",
  added: "حساب بانکی با موفقیت ثبت شد",
  addFailed: "خطا در ثبت حساب",
  deleted: "حساب با موفقیت حذف شد",
  deleteFailed: "خطا در حذف حساب",
  loadFailed: "خطا در دریافت حساب‌های بانکی",
  confirmDelete: "آیا از حذف این حساب اطمینان دارید؟",
} as const;

const M = BANK_MESSAGES;
const faIban = (d: string) => toFaDigits(groupIbanDigits(d));

/** BankAccountsView is /bank-accounts_page. */
export default function BankAccountsView() {
  const [card, setCard] = useState("");
  const [iban, setIban] = useState("");
  const [errors, setErrors] = useState<{ card?: string | null; iban?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [asking, setAsking] = useState<BankAccount | null>(null);

  // a failed load shows an empty list (and useLoad's toast): a card can still be added
  const list = useLoad(() => api.bankAccounts(), M.loadFailed, { onError: () => void list.setData((a) => a ?? []) });
  const { data: accounts, setData: setAccounts, reload: load } = list;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const errs = {
      card: card.length !== CARD_LENGTH ? M.cardLength : luhnValid(card) ? null : M.cardInvalid,
      iban: !iban ? null : iban.length !== IBAN_DIGITS ? M.ibanLength : ibanValid("IR" + iban) ? null : M.ibanInvalid,
    };
    setErrors(errs);
    if (errs.card || errs.iban) return;
    setSaving(true);
    try {
      const answer = await api.addBankAccount(card, iban ? "IR" + iban : undefined);
      toast(answer?.message || M.added, "success");
      setCard("");
      setIban("");
      await load();
    } catch (err) {
      toast(errorText(err, M.addFailed), "error", 5000);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (a: BankAccount) => {
    setDeleting(a.id);
    try {
      const answer = await api.deleteBankAccount(a.id);
      toast(answer?.message || M.deleted, "success");
      setAccounts((list) => list?.filter((x) => x.id !== a.id) ?? null);
    } catch (err) {
      toast(errorText(err, M.deleteFailed), "error", 5000);
    } finally {
      setDeleting(null);
      setAsking(null);
    }
  };

  return (
    <div className="bank-accounts">
      <PageHeader title="حساب‌های بانکی" back="/profile_page" />
      <div className="stack">
        <form className="card form" onSubmit={submit} noValidate data-testid="add-card-form">
          <h2 className="section-title">افزودن کارت بانکی</h2>
          <GroupedField
            label="شماره کارت"
            digits={card}
            onDigits={(d) => (setCard(d), setErrors((x) => ({ ...x, card: null })))}
            onBlur={() => card.length > 0 && card.length !== CARD_LENGTH && setErrors((x) => ({ ...x, card: M.cardLength }))}
            format={formatCardNumber}
            max={CARD_LENGTH}
            error={errors.card}
            hint={`${toFaDigits(card.length)} از ۱۶ رقم — کارت باید به نام خودتان باشد`}
            placeholder="۰۰۰۰ ۰۰۰۰ ۰۰۰۰ ۰۰۰۰"
            className="card-field"
            testid="card-input"
          />
          <GroupedField
            label="شماره شبا (اختیاری)"
            digits={iban}
            onDigits={(d) => (setIban(d), setErrors((x) => ({ ...x, iban: null })))}
            format={faIban}
            max={IBAN_DIGITS}
            error={errors.iban}
            hint="۲۴ رقم بعد از IR"
            className="iban-field"
            end={
              <span className="iban-prefix" aria-hidden="true">
                IR
              </span>
            }
            testid="iban-input"
          />
          <Button type="submit" className="btn-block" busy={saving} disabled={card.length !== CARD_LENGTH} data-testid="add-card">
            ثبت کارت
          </Button>
        </form>

        <section className="card" aria-labelledby="accounts-title">
          <h2 id="accounts-title" className="section-title">
            کارت‌های ثبت‌شده
          </h2>
          {accounts === null ? (
            <Loading text="در حال دریافت حساب‌های بانکی…" />
          ) : accounts.length === 0 ? (
            <p className="empty-line" data-testid="no-accounts">
              <CardIcon />
              هنوز کارتی ثبت نکرده‌اید.
            </p>
          ) : (
            <ul className="account-list">
              {accounts.map((a) => (
                <li key={a.id} className="account account-row" data-testid={`account-${a.id}`}>
                  <BankAccountInfo account={a} />
                  <button
                    type="button"
                    className="icon-btn account-delete"
                    onClick={() => setAsking(a)}
                    disabled={deleting !== null}
                    aria-label={`حذف کارت ${a.bank_name || UNKNOWN_BANK}`}
                    title="حذف حساب"
                    data-testid={`delete-${a.id}`}
                  >
                    {deleting === a.id ? <span className="spinner" aria-hidden="true" /> : <TrashIcon size={22} />}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <p className="note" data-testid="withdraw-note">
          <InfoIcon size={20} />
          برای برداشت از کیف پول، دست‌کم یک حساب بانکی ثبت‌شده لازم است.
        </p>
      </div>
      {asking && (
        <ConfirmDialog title="حذف حساب بانکی" yes="بله، حذف شود" danger busy={deleting !== null} onConfirm={() => remove(asking)} onClose={() => setAsking(null)} testid="account-delete">
          <p className="confirm-text">{M.confirmDelete}</p>
          <BankAccountInfo account={asking} />
        </ConfirmDialog>
      )}
    </div>
  );
}
