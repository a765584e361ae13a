// Wallet requests management (admin.md §2): filter, count, a table on desktop and cards on
// a phone; pending requests are approved or rejected here with a reason.
import { useEffect, useRef, useState } from "preact/hooks";
import { api, errorText, type WalletFilter, type WalletRequest } from "../api";
import { ReceiptThumb, Rial, SelectField } from "../components/admin-parts";
import { DateField } from "../components/date-field";
import { ChevronDownIcon, FilterIcon, ReceiptIcon } from "../components/icons";
import { StatusBadge } from "../components/status-badge";
import { toast } from "../components/toast";
import { Button, Field, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useWalletDecision } from "../hooks/use-wallet-decision";
import { EMPTY_WALLET_FILTER, walletFilter, type WalletFilterForm } from "../lib/admin-filters";
import { maskBankInfo } from "../lib/cards";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTimeShort, todayJalali } from "../lib/jalali";
import { fullName, walletStatusLabel, walletStatusTone, walletTypeLabel, walletTypeTone } from "../lib/labels";
import { EMPTY } from "../lib/money";
import "../styles/admin.css";

const TYPES = [
  { value: "", label: "همه" },
  { value: "deposit", label: "واریز" },
  { value: "withdraw", label: "برداشت" },
];
const STATUSES = [
  { value: "", label: "همه" },
  { value: "pending", label: "در انتظار" },
  { value: "approved", label: "تایید شده" },
  { value: "rejected", label: "رد شده" },
  { value: "canceled", label: "لغو شده" },
];
/** FIRST_DAY is the earliest day the date filters offer. */
const FIRST_DAY = { jy: 1400, jm: 1, jd: 1 };

/** AdminWalletRequestsView is /AdminWalletRequests_page. */
export default function AdminWalletRequestsView() {
  const [form, setForm] = useState<WalletFilterForm>(EMPTY_WALLET_FILTER);
  const [dateError, setDateError] = useState<{ field: "from" | "to"; message: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<WalletRequest[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const applied = useRef<WalletFilter>({});
  const seq = useRef(0);
  const narrow = useMediaQuery(NARROW_LIST);

  const load = async (filter: WalletFilter) => {
    applied.current = filter;
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await api.adminWalletRequests(filter);
      if (mine !== seq.current) return;
      setList(Array.isArray(rows) ? rows : []);
      setFailed(false);
    } catch (err) {
      if (mine !== seq.current) return;
      setFailed(true);
      toast(errorText(err, "خطا در دریافت درخواست‌ها"), "error");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  const { busy, decide } = useWalletDecision(() => void load(applied.current));

  useEffect(() => void load({}), []);

  const set = (key: keyof WalletFilterForm) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    if (key === "from" || key === "to") setDateError(null);
  };

  const apply = (e: Event) => {
    e.preventDefault();
    const out = walletFilter(form);
    if (!out.ok) {
      setDateError({ field: out.field, message: out.message });
      toast(out.message, "error");
      return;
    }
    setDateError(null);
    void load(out.filter);
  };

  const clear = () => {
    setForm(EMPTY_WALLET_FILTER);
    setDateError(null);
    void load({});
  };

  const reject = async (r: WalletRequest) => {
    if (await decide(r.id, "rejected", reasons[r.id] ?? "")) setReasons(({ [r.id]: _, ...rest }) => rest);
  };

  const today = todayJalali();
  const actions = (r: WalletRequest) =>
    r.status === "pending" ? (
      <div class="wr-actions">
        <Button class="btn-sm" busy={busy[r.id] === "approved"} disabled={!!busy[r.id]} onClick={() => decide(r.id, "approved")} data-testid={`approve-${r.id}`}>
          {r.type === "deposit" ? "تایید واریز" : "تایید برداشت"}
        </Button>
        <div class="wr-reject">
          <input
            class="input input-sm"
            value={reasons[r.id] ?? ""}
            onInput={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value;
              setReasons((m) => ({ ...m, [r.id]: v }));
            }}
            onKeyDown={(e) => e.key === "Enter" && void reject(r)}
            placeholder="دلیل رد"
            aria-label={`دلیل رد درخواست ${toFaDigits(r.id)}`}
            maxLength={500}
            data-testid={`reject-reason-${r.id}`}
          />
          <Button variant="danger" class="btn-sm" busy={busy[r.id] === "rejected"} disabled={!!busy[r.id]} onClick={() => reject(r)} data-testid={`reject-${r.id}`}>
            رد
          </Button>
        </div>
      </div>
    ) : r.status === "rejected" && r.reject_reason ? (
      <p class="wr-reason">
        <span class="muted">دلیل رد: </span>
        {r.reject_reason}
      </p>
    ) : (
      <span class="muted">{EMPTY}</span>
    );

  return (
    <div class="admin-page wide-screen stack">
      <PageHeader title="مدیریت درخواست‌های کیف پول" />

      <section class={`card filters${open ? " open" : ""}`} aria-label="فیلتر درخواست‌ها">
        <button type="button" class="filters-toggle" aria-expanded={open} aria-controls="wr-filters" onClick={() => setOpen(!open)} data-testid="filters-toggle">
          <FilterIcon size={20} />
          فیلترها
          <span class="filters-chevron">
            <ChevronDownIcon size={20} />
          </span>
        </button>
        <form id="wr-filters" class="filters-body" onSubmit={apply} noValidate>
          <Field label="جستجوی کاربر" value={form.userSearch} onValue={set("userSearch")} placeholder="نام، شماره موبایل یا شناسه" data-testid="filter-user" />
          <SelectField label="نوع" value={form.type} onValue={set("type")} options={TYPES} testid="filter-type" />
          <SelectField label="وضعیت" value={form.status} onValue={set("status")} options={STATUSES} testid="filter-status" />
          <DateField
            label="از تاریخ"
            value={form.from}
            onValue={set("from")}
            min={FIRST_DAY}
            max={today}
            initial={today}
            placeholder="۱۴۰۴/۰۱/۰۱"
            hint=""
            autoComplete="off"
            error={dateError?.field === "from" ? dateError.message : null}
            testid="filter-from"
          />
          <DateField
            label="تا تاریخ"
            value={form.to}
            onValue={set("to")}
            min={FIRST_DAY}
            max={today}
            initial={today}
            placeholder="۱۴۰۴/۰۱/۰۱"
            hint=""
            autoComplete="off"
            error={dateError?.field === "to" ? dateError.message : null}
            testid="filter-to"
          />
          <div class="filters-actions">
            <Button type="submit" busy={loading && list !== null} data-testid="filter-apply">
              اعمال فیلتر
            </Button>
            <Button variant="secondary" onClick={clear} data-testid="filter-clear">
              پاک کردن
            </Button>
          </div>
        </form>
      </section>

      {list === null ? (
        failed ? (
          <LoadFailed icon={<ReceiptIcon size={40} />} title="خطا در دریافت درخواست‌ها" onRetry={() => load(applied.current)} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <p class="list-count" data-testid="request-count" aria-live="polite">
            {`تعداد درخواست‌ها: ${toFaDigits(list.length)}`}
          </p>
          {list.length === 0 ? (
            <StatusCard icon={<ReceiptIcon size={40} />} title="درخواستی یافت نشد" testid="wr-empty" />
          ) : narrow ? (
            <ul class="cards-list" aria-busy={loading}>
              {list.map((r) => (
                <li key={r.id} class="card wr-card" data-testid="wr-row" data-id={r.id}>
                  <div class="wr-card-head">
                    <span class="wr-id">{`#${toFaDigits(r.id)}`}</span>
                    <StatusBadge tone={walletTypeTone(r.type)}>{walletTypeLabel(r.type)}</StatusBadge>
                    <StatusBadge tone={walletStatusTone(r.status, "admin")} testid={`status-${r.id}`}>
                      {walletStatusLabel(r.status, "admin")}
                    </StatusBadge>
                  </div>
                  <div class="wr-card-body">
                    <div class="wr-card-main">
                      <p class="wr-user">
                        {fullName(r.first_name, r.last_name, EMPTY)}
                        <span class="muted small">{` · شناسه ${toFaDigits(r.user_id)}`}</span>
                      </p>
                      <Rial value={r.amount} toman />
                      <dl class="kv">
                        <dt>حساب بانکی</dt>
                        <dd dir="ltr">{maskBankInfo(r.card_number, r.iban)}</dd>
                        <dt>تاریخ</dt>
                        <dd>{formatJalaliDateTimeShort(r.created_at)}</dd>
                      </dl>
                    </div>
                    {r.receipt_image && <ReceiptThumb src={r.receipt_image} id={r.id} />}
                  </div>
                  {(r.status === "pending" || r.reject_reason) && actions(r)}
                </li>
              ))}
            </ul>
          ) : (
            <div class="table-wrap card" aria-busy={loading}>
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">شناسه و تاریخ</th>
                    <th scope="col">کاربر</th>
                    <th scope="col">نوع</th>
                    <th scope="col">مبلغ</th>
                    <th scope="col">حساب بانکی</th>
                    <th scope="col">رسید</th>
                    <th scope="col">وضعیت</th>
                    <th scope="col">عملیات</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id} data-testid="wr-row" data-id={r.id}>
                      <td class="num">
                        <span class="cell-main">{toFaDigits(r.id)}</span>
                        <span class="cell-sub">{formatJalaliDateTimeShort(r.created_at)}</span>
                      </td>
                      <td>
                        <span class="cell-main">{fullName(r.first_name, r.last_name, EMPTY)}</span>
                        <span class="cell-sub">{`شناسه ${toFaDigits(r.user_id)}`}</span>
                      </td>
                      <td>
                        <StatusBadge tone={walletTypeTone(r.type)}>{walletTypeLabel(r.type)}</StatusBadge>
                      </td>
                      <td class="num">
                        <Rial value={r.amount} />
                      </td>
                      <td class="num" dir="ltr">
                        {maskBankInfo(r.card_number, r.iban)}
                      </td>
                      <td>
                        <ReceiptThumb src={r.receipt_image} id={r.id} />
                      </td>
                      <td>
                        <StatusBadge tone={walletStatusTone(r.status, "admin")} testid={`status-${r.id}`}>
                          {walletStatusLabel(r.status, "admin")}
                        </StatusBadge>
                      </td>
                      <td class="cell-actions">{actions(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
