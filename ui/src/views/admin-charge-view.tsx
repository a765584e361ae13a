// Manual charge (admin.md §2, §5): find one user, then add rial or gold to the account after a
// confirmation. Every confirmed charge carries its own idempotency key.
import { useState, type FormEvent } from "react";
import { ApiError, errorText, newIdempotencyKey, type CustomerBalances } from "../api";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { Gold, Rial } from "../components/ui/amounts";
import { PlusCircleIcon, SearchIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { Button, Field, PageHeader } from "../components/ui";
import { checkChargeAmount, displayAmount, sanitizeAmount, type ChargeType } from "../lib/charge";
import { toFaDigits, toLatinDigits } from "../lib/digits";
import { fullName } from "../lib/labels";
import { formatGold, formatRial, formatToman } from "../lib/money";
import "../styles/admin.css";
import { adminApi } from "../api-admin";

/** CHARGE_TEXTS are the screen's messages (admin.md §5, §8). */
export const CHARGE_TEXTS = {
  searchEmpty: "شناسه، نام یا شماره موبایل کاربر را وارد کنید",
  found: "کاربر پیدا شد",
  notFound: "کاربر پیدا نشد",
  searchFirst: "ابتدا کاربر را جستجو کنید",
  done: "شارژ با موفقیت انجام شد",
  failed: "خطا در شارژ حساب",
} as const;

type Pending = { value: string; type: ChargeType; key: string };

/** AdminChargeView is /AdminChargeAccount_page. */
export default function AdminChargeView() {
  const [query, setQuery] = useState("");
  const [user, setUser] = useState<CustomerBalances | null>(null);
  const [searching, setSearching] = useState(false);
  const [type, setType] = useState<ChargeType>("rial");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [description, setDescription] = useState("");
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const [charging, setCharging] = useState(false);

  const search = async (e: FormEvent) => {
    e.preventDefault();
    const q = toLatinDigits(query.trim());
    if (!q) {
      toast(CHARGE_TEXTS.searchEmpty, "info");
      return;
    }
    setSearching(true);
    try {
      setUser(await adminApi.chargeUser(q));
      toast(CHARGE_TEXTS.found, "success");
    } catch (err) {
      setUser(null);
      toast(errorText(err, CHARGE_TEXTS.notFound), "error");
    } finally {
      setSearching(false);
    }
  };

  const switchType = (t: ChargeType) => {
    if (t === type) return;
    setType(t);
    setAmount("");
    setAmountError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) {
      toast(CHARGE_TEXTS.searchFirst, "info");
      return;
    }
    const checked = checkChargeAmount(amount, type);
    if (!checked.ok) {
      setAmountError(checked.message);
      return;
    }
    setConfirm({ value: checked.value, type, key: newIdempotencyKey() });
  };

  const charge = async () => {
    if (!user || !confirm) return;
    setCharging(true);
    try {
      const answer = await adminApi.charge(user.id, confirm.type, confirm.value, description.trim(), confirm.key);
      toast(answer?.message || CHARGE_TEXTS.done, "success");
      setConfirm(null);
      setAmount("");
      setDescription("");
      // the spec re-fetches the user after a charge; the answer's copy stands in if that fails
      try {
        setUser(await adminApi.chargeUser(String(user.id)));
      } catch {
        if (answer?.user) setUser(answer.user);
      }
    } catch (err) {
      toast(errorText(err, CHARGE_TEXTS.failed), "error");
      // without an answer the outcome is unknown: the dialog stays, and "yes" retries with the same key
      if (!(err instanceof ApiError && err.status === 0)) setConfirm(null);
    } finally {
      setCharging(false);
    }
  };

  const name = user ? fullName(user.first_name, user.last_name, user.name) : "";

  return (
    <div className="admin-page stack">
      <PageHeader title="شارژ دستی حساب" />

      <form className="card search-bar" onSubmit={search} role="search" noValidate>
        <Field
          label="جستجوی کاربر"
          value={query}
          onValue={setQuery}
          placeholder="شناسه، نام یا شماره موبایل"
          enterKeyHint="search"
          autoComplete="off"
          data-testid="charge-search"
        />
        <Button type="submit" busy={searching} data-testid="charge-search-submit">
          <SearchIcon size={20} />
          جستجو
        </Button>
      </form>

      {user && (
        <section className="card found-user" data-testid="charge-found" aria-label="کاربر پیدا شده">
          <div className="found-head">
            <span className="avatar" aria-hidden="true">
              {name.slice(0, 1)}
            </span>
            <div>
              <p className="found-name" data-testid="charge-found-name">
                {name}
              </p>
              <p className="muted small">
                <span dir="ltr">{toFaDigits(user.phone_number ?? "")}</span>
                {` · شناسه ${toFaDigits(user.id)}`}
              </p>
            </div>
          </div>
          <div className="balances">
            <div className="balance">
              <span className="balance-label">موجودی ریالی</span>
              <Rial value={user.balance_rial} toman testid="charge-balance-rial" />
            </div>
            <div className="balance balance-gold">
              <span className="balance-label">موجودی طلا</span>
              <Gold value={user.balance_gold} testid="charge-balance-gold" />
            </div>
          </div>
        </section>
      )}

      <form className="card form" onSubmit={submit} noValidate aria-label="شارژ حساب">
        <div className="tabs" role="tablist" aria-label="نوع شارژ">
          <button type="button" role="tab" className="tab" aria-selected={type === "rial"} onClick={() => switchType("rial")} data-testid="charge-tab-rial">
            شارژ ریالی
          </button>
          <button type="button" role="tab" className="tab" aria-selected={type === "gold"} onClick={() => switchType("gold")} data-testid="charge-tab-gold">
            شارژ طلا
          </button>
        </div>
        <Field
          label={type === "rial" ? "مبلغ (ریال)" : "وزن طلا (گرم)"}
          value={displayAmount(amount, type)}
          onValue={(v) => {
            setAmount(sanitizeAmount(v, type));
            setAmountError(null);
          }}
          error={amountError}
          hint={
            type === "rial"
              ? amount
                ? `معادل ${formatToman(amount)} تومان`
                : "فقط عدد صحیح"
              : `تا سه رقم اعشار (هر ${formatGold("0.001")} گرم یک سوت)`
          }
          inputMode={type === "rial" ? "numeric" : "decimal"}
          autoComplete="off"
          dir="ltr"
          placeholder={type === "rial" ? "۰" : formatGold("0")}
          data-testid="charge-amount"
        />
        <Field label="توضیحات (اختیاری)" value={description} onValue={setDescription} maxLength={500} autoComplete="off" data-testid="charge-description" />
        <Button type="submit" className="btn-block" data-testid="charge-submit">
          <PlusCircleIcon size={20} />
          ثبت شارژ
        </Button>
      </form>

      {confirm && user && (
        <ConfirmDialog title="آیا مطمئن هستید؟" yes="بله، شارژ شود" busy={charging} onConfirm={charge} onClose={() => setConfirm(null)} testid="charge">
          <p className="confirm-text">
            <strong className="confirm-amount">
              {confirm.type === "rial" ? `${formatRial(confirm.value)} ریال` : `${formatGold(confirm.value)} گرم طلا`}
            </strong>
            {` به حساب ${name} (شناسه ${toFaDigits(user.id)}) اضافه می‌شود.`}
          </p>
          {description.trim() && <p className="muted small">{`توضیحات: ${description.trim()}`}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
