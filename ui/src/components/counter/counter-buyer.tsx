// Who the counter's invoice is for (issue 38): nobody, a customer of the shop found by their phone (GET
// /api/admin/users-balances, the staff's customer search, with the wallet they may pay from), or a walk-in whose
// name, phone and national id are written on the invoice, all optional.
import { useState, type FormEvent } from "react";
import { errorText, type CustomerBalances } from "../../api";
import { adminApi } from "../../api-admin";
import { buyerOfMode, EMPTY_WALKIN, type Buyer, type Walkin } from "../../lib/counter-pay";
import { toFaDigits, toLatinDigits } from "../../lib/digits";
import { fullName } from "../../lib/labels";
import { formatGold, formatRial } from "../../lib/money";
import { SearchIcon } from "../ui/icons";
import { Button, Field } from "../ui";

type Props = {
  buyer: Buyer;
  onBuyer: (b: Buyer) => void;
  errors: Partial<Record<keyof Walkin, string>>;
};

const MODES: { mode: Buyer["mode"]; label: string }[] = [
  { mode: "none", label: "بدون نام" },
  { mode: "customer", label: "مشتری فروشگاه" },
  { mode: "walkin", label: "مشتری حضوری" },
];

/** CustomerFinder looks a customer up by phone (or name) and offers the matches. */
function CustomerFinder({ onPick }: { onPick: (c: CustomerBalances) => void }) {
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<CustomerBalances[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const find = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const q = toLatinDigits(search).trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    try {
      const list = await adminApi.usersBalances({ search: q });
      const rows = Array.isArray(list) ? list.slice(0, 8) : [];
      setFound(rows);
      if (rows.length === 1) onPick(rows[0]);
    } catch (err) {
      setError(errorText(err, "خطا در جستجوی مشتری"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="counter-find" onSubmit={find} noValidate aria-label="جستجوی مشتری">
      <Field
        label="شماره همراه یا نام مشتری"
        value={search}
        onValue={(v) => (setSearch(v), setFound(null))}
        error={error ?? (found && found.length === 0 ? "مشتری‌ای با این مشخصات پیدا نشد" : null)}
        inputMode="search"
        autoComplete="off"
        data-testid="counter-customer-search"
      />
      <Button type="submit" variant="secondary" busy={busy} data-testid="counter-customer-find">
        <SearchIcon size={18} />
        جستجو
      </Button>
      {found && found.length > 1 && (
        <ul className="counter-found">
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" className="counter-found-item" onClick={() => onPick(c)} data-testid="counter-customer-option">
                <span>{fullName(c.first_name, c.last_name, "بی‌نام")}</span>
                <span className="num">{toFaDigits(c.phone_number)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/** CounterBuyer picks the invoice's buyer. */
export function CounterBuyer({ buyer, onBuyer, errors }: Props) {
  const walkin = buyer.mode === "walkin" ? buyer.walkin : EMPTY_WALKIN;
  const setWalkin = (key: keyof Walkin) => (v: string) => onBuyer({ mode: "walkin", walkin: { ...walkin, [key]: v } });
  return (
    <section className="card counter-buyer" aria-labelledby="counter-buyer-title" data-testid="counter-buyer">
      <h2 id="counter-buyer-title" className="section-title">
        مشتری
      </h2>
      <div className="counter-chips" role="group" aria-label="نوع مشتری">
        {MODES.map((m) => (
          <button
            key={m.mode}
            type="button"
            className="counter-chip"
            aria-pressed={buyer.mode === m.mode}
            onClick={() => buyer.mode !== m.mode && onBuyer(buyerOfMode(m.mode))}
            data-testid={`counter-buyer-${m.mode}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      {buyer.mode === "customer" && !buyer.customer && <CustomerFinder onPick={(customer) => onBuyer({ mode: "customer", customer })} />}
      {buyer.mode === "customer" && buyer.customer && (
        <div className="counter-customer" data-testid="counter-customer">
          <dl className="counter-figures">
            <div>
              <dt>نام</dt>
              <dd data-testid="counter-customer-name">{fullName(buyer.customer.first_name, buyer.customer.last_name, "بی‌نام")}</dd>
            </div>
            <div>
              <dt>شماره همراه</dt>
              <dd className="num">{toFaDigits(buyer.customer.phone_number)}</dd>
            </div>
            <div>
              <dt>کیف پول ریالی</dt>
              <dd className="num" data-testid="counter-customer-rial">{`${formatRial(buyer.customer.available_rial ?? buyer.customer.balance_rial)} ریال`}</dd>
            </div>
            <div>
              <dt>طلای کیف پول</dt>
              <dd className="num">{`${formatGold(buyer.customer.available_gold ?? buyer.customer.balance_gold)} گرم`}</dd>
            </div>
          </dl>
          <Button variant="ghost" className="btn-sm" onClick={() => onBuyer(buyerOfMode("customer"))} data-testid="counter-customer-change">
            تغییر مشتری
          </Button>
        </div>
      )}
      {buyer.mode === "walkin" && (
        <div className="counter-walkin">
          <Field label="نام" value={walkin.first_name} onValue={setWalkin("first_name")} autoComplete="off" data-testid="counter-walkin-first" />
          <Field label="نام خانوادگی" value={walkin.last_name} onValue={setWalkin("last_name")} autoComplete="off" data-testid="counter-walkin-last" />
          <Field label="شماره همراه" value={toFaDigits(walkin.phone)} onValue={setWalkin("phone")} error={errors.phone} inputMode="tel" autoComplete="off" dir="ltr" data-testid="counter-walkin-phone" />
          <Field label="کد ملی" value={toFaDigits(walkin.national_id)} onValue={setWalkin("national_id")} error={errors.national_id} inputMode="numeric" autoComplete="off" dir="ltr" maxLength={10} data-testid="counter-walkin-national-id" />
        </div>
      )}
    </section>
  );
}
