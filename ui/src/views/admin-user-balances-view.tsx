// Users' balances (admin.md §2): filter by text and by rial and gold ranges, and open any user's
// ledger with running balances computed exactly in the order the server sends.
import { useMemo, useState, type FormEvent } from "react";
import { errorText, type BalancesFilter, type CustomerBalances, type Entry } from "../api";
import { Modal } from "../components/admin-modal";
import { Gold, Rial } from "../components/amounts";
import { FilterActions } from "../components/filter-panel";
import { ListIcon, UsersIcon } from "../components/icons";
import { StatusBadge } from "../components/status-badge";
import { Button, Field, Loading, PageHeader, StatusCard } from "../components/ui";
import { useBannerList, usePagedList, type Page } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useScrollMore } from "../hooks/use-scroll-more";
import { balancesFilter, EMPTY_BALANCES_FILTER, type BalancesFilterForm } from "../lib/admin-filters";
import { toFaDigits } from "../lib/digits";
import { formatJalaliDateTime } from "../lib/jalali";
import { entryStatusLabel, entryStatusTone, entryTypeLabel, fullName } from "../lib/labels";
import { isZero, pageRows, type LedgerRow } from "../lib/ledger";
import { EMPTY, formatGold, formatRial } from "../lib/money";
import "../styles/admin.css";
import { adminApi } from "../api-admin";

const USERS_ERROR = "خطا در دریافت کاربران";

/** AdminUserBalancesView is /AdminUserBalances_page. */
export default function AdminUserBalancesView() {
  const [form, setForm] = useState<BalancesFilterForm>(EMPTY_BALANCES_FILTER);
  const { list: users, loading, banner, load } = useBannerList((filter: BalancesFilter) => adminApi.usersBalances(filter), USERS_ERROR, {});
  const [ledgerOf, setLedgerOf] = useState<CustomerBalances | null>(null);
  const narrow = useMediaQuery(NARROW_LIST);

  const set = (key: keyof BalancesFilterForm) => (v: string) => setForm((f) => ({ ...f, [key]: v }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    void load(balancesFilter(form));
  };
  const reset = () => {
    setForm(EMPTY_BALANCES_FILTER);
    void load({});
  };
  const name = (u: CustomerBalances) => fullName(u.first_name, u.last_name, u.name || EMPTY);

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="موجودی کاربران" />

      <form className="card filters open" onSubmit={apply} noValidate aria-label="فیلتر کاربران">
        <div className="filters-body balances-filters">
          <Field label="جستجو" value={form.search} onValue={set("search")} placeholder="نام، شماره موبایل یا شناسه" autoComplete="off" data-testid="balances-search" className="span-all" />
          <Field label="حداقل موجودی ریالی" value={form.minRial} onValue={set("minRial")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="balances-min-rial" />
          <Field label="حداکثر موجودی ریالی" value={form.maxRial} onValue={set("maxRial")} inputMode="numeric" dir="ltr" autoComplete="off" data-testid="balances-max-rial" />
          <Field label="حداقل موجودی طلا (گرم)" value={form.minGold} onValue={set("minGold")} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="balances-min-gold" />
          <Field label="حداکثر موجودی طلا (گرم)" value={form.maxGold} onValue={set("maxGold")} inputMode="decimal" dir="ltr" autoComplete="off" data-testid="balances-max-gold" />
          <FilterActions busy={loading && users !== null} onClear={reset} clearLabel="پاک کردن فیلترها" />
        </div>
      </form>

      {banner && (
        <p className="banner banner-error" role="alert" data-testid="balances-error">
          {banner}
        </p>
      )}

      {users === null ? (
        <Loading />
      ) : users.length === 0 ? (
        <StatusCard icon={<UsersIcon size={40} />} title="کاربری یافت نشد" testid="balances-empty" />
      ) : (
        <>
          <p className="list-count">{`تعداد کاربران: ${toFaDigits(users.length)}`}</p>
          {narrow ? (
            <ul className="cards-list" aria-busy={loading}>
              {users.map((u) => (
                <li key={u.id} className="card user-card" data-testid="balances-row" data-id={u.id}>
                  <div className="wr-card-head">
                    <span className="wr-user">{name(u)}</span>
                    <span className="muted small">{`شناسه ${toFaDigits(u.id)}`}</span>
                  </div>
                  <p className="muted small" dir="ltr">
                    {toFaDigits(u.phone_number ?? "")}
                  </p>
                  <dl className="kv">
                    <dt>موجودی ریالی</dt>
                    <dd>
                      <Rial value={u.balance_rial} />
                    </dd>
                    <dt>موجودی طلا</dt>
                    <dd>
                      <Gold value={u.balance_gold} />
                    </dd>
                  </dl>
                  <Button variant="secondary" className="btn-sm" onClick={() => setLedgerOf(u)} data-testid={`ledger-open-${u.id}`}>
                    <ListIcon size={18} />
                    مشاهده تراکنش‌ها
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <div className="table-wrap card" aria-busy={loading}>
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">شناسه</th>
                    <th scope="col">نام</th>
                    <th scope="col">شماره موبایل</th>
                    <th scope="col">موجودی ریالی</th>
                    <th scope="col">موجودی طلا</th>
                    <th scope="col">عملیات</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((u) => (
                    <tr key={u.id} data-testid="balances-row" data-id={u.id}>
                      <td className="num">{toFaDigits(u.id)}</td>
                      <td>{name(u)}</td>
                      <td className="num" dir="ltr">
                        {toFaDigits(u.phone_number ?? "")}
                      </td>
                      <td className="num">
                        <Rial value={u.balance_rial} />
                      </td>
                      <td className="num">
                        <Gold value={u.balance_gold} />
                      </td>
                      <td>
                        <Button variant="ghost" className="btn-sm" onClick={() => setLedgerOf(u)} data-testid={`ledger-open-${u.id}`}>
                          <ListIcon size={18} />
                          مشاهده تراکنش‌ها
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      {ledgerOf && <LedgerModal user={ledgerOf} name={name(ledgerOf)} narrow={narrow} onClose={() => setLedgerOf(null)} />}
    </div>
  );
}

function LedgerModal({ user, name, narrow, onClose }: { user: CustomerBalances; name: string; narrow: boolean; onClose: () => void }) {
  // One customer's statement a page at a time, newest first; the modal opens anew for another customer.
  const fetchPage = (_: object, cursor: string): Promise<Page<Entry>> =>
    adminApi.userTransactions(user.id, cursor).then((p) => ({ rows: p?.transactions ?? [], next: p?.next_cursor ?? "" }));
  const { list, hasMore, loading, failed, more } = usePagedList(fetchPage, (err) => errorText(err, "خطا در دریافت تراکنش‌ها"));
  const end = useScrollMore<HTMLDivElement>(hasMore, loading, more);
  const rows = useMemo<LedgerRow[] | null>(() => (list ? pageRows(list) : null), [list]);

  const cell = (v: string | null | undefined, fmt: (v: string) => string) => (isZero(v) ? EMPTY : fmt(v as string));
  const last = rows && rows.length ? rows[0] : null; // the newest row's balances are the customer's totals

  return (
    <Modal title={`${name} (شناسه ${toFaDigits(user.id)})`} onClose={onClose} size="wide" testid="ledger-modal">
      {rows === null ? (
        failed ? (
          <p className="muted center">خطا در دریافت تراکنش‌ها</p>
        ) : (
          <Loading />
        )
      ) : rows.length === 0 ? (
        <StatusCard icon={<ListIcon size={40} />} title="تراکنشی ثبت نشده است" testid="ledger-empty" />
      ) : (
        <>
          {last && (
            <div className="ledger-totals">
              <span>
                <span className="muted">مانده ریالی: </span>
                <Rial value={last.rialBalance} testid="ledger-total-rial" />
              </span>
              <span>
                <span className="muted">مانده طلا: </span>
                <Gold value={last.goldBalance} testid="ledger-total-gold" />
              </span>
            </div>
          )}
          {narrow ? (
            <ul className="cards-list">
              {rows.map(({ entry: r, rialBalance, goldBalance }) => (
                <li key={r.id} className="ledger-card" data-testid="ledger-row" data-running-rial={rialBalance} data-running-gold={goldBalance}>
                  <div className="wr-card-head">
                    <span className="wr-id">{`#${toFaDigits(r.id)}`}</span>
                    <span className="cell-main">{entryTypeLabel(r.type)}</span>
                    <StatusBadge tone={entryStatusTone(r.status)}>{entryStatusLabel(r.status)}</StatusBadge>
                  </div>
                  {r.description && <p className="small">{r.description}</p>}
                  <dl className="kv">
                    {r.price_per_gram && (
                      <>
                        <dt>قیمت هر گرم</dt>
                        <dd>{`${formatRial(r.price_per_gram)} ریال`}</dd>
                      </>
                    )}
                    <dt>طلا (بدهکار / بستانکار)</dt>
                    <dd>{`${cell(r.debit_gold, formatGold)} / ${cell(r.credit_gold, formatGold)}`}</dd>
                    <dt>مانده طلا</dt>
                    <dd className="strong">{`${formatGold(goldBalance)} گرم`}</dd>
                    <dt>ریال (بدهکار / بستانکار)</dt>
                    <dd>{`${cell(r.debit_rial, formatRial)} / ${cell(r.credit_rial, formatRial)}`}</dd>
                    <dt>مانده ریالی</dt>
                    <dd className="strong">{`${formatRial(rialBalance)} ریال`}</dd>
                    <dt>تاریخ</dt>
                    <dd>{formatJalaliDateTime(r.created_at)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          ) : (
            <div className="table-wrap">
              <table className="table table-dense">
                <thead>
                  <tr>
                    <th scope="col">شناسه سند</th>
                    <th scope="col">نوع</th>
                    <th scope="col">وضعیت</th>
                    <th scope="col">توضیحات</th>
                    <th scope="col">قیمت هر گرم (ریال)</th>
                    <th scope="col">بدهکار طلا</th>
                    <th scope="col">بستانکار طلا</th>
                    <th scope="col">مانده طلا (گرم)</th>
                    <th scope="col">بدهکار ریال</th>
                    <th scope="col">بستانکار ریال</th>
                    <th scope="col">مانده ریالی</th>
                    <th scope="col">تاریخ</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map(({ entry: r, rialBalance, goldBalance }) => (
                    <tr key={r.id} data-testid="ledger-row" data-running-rial={rialBalance} data-running-gold={goldBalance}>
                      <td className="num">{toFaDigits(r.id)}</td>
                      <td className="nowrap">{entryTypeLabel(r.type)}</td>
                      <td className="nowrap">
                        <StatusBadge tone={entryStatusTone(r.status)}>{entryStatusLabel(r.status)}</StatusBadge>
                      </td>
                      <td className="cell-desc">{r.description || EMPTY}</td>
                      <td className="num">{r.price_per_gram ? formatRial(r.price_per_gram) : EMPTY}</td>
                      <td className={`num ${isZero(r.debit_gold) ? "muted" : "debit"}`}>{cell(r.debit_gold, formatGold)}</td>
                      <td className={`num ${isZero(r.credit_gold) ? "muted" : "credit"}`}>{cell(r.credit_gold, formatGold)}</td>
                      <td className="num strong">{formatGold(goldBalance)}</td>
                      <td className={`num ${isZero(r.debit_rial) ? "muted" : "debit"}`}>{cell(r.debit_rial, formatRial)}</td>
                      <td className={`num ${isZero(r.credit_rial) ? "muted" : "credit"}`}>{cell(r.credit_rial, formatRial)}</td>
                      <td className="num strong">{formatRial(rialBalance)}</td>
                      <td className="num nowrap">{formatJalaliDateTime(r.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div ref={end} className="list-more">
            {hasMore && (
              <Button variant="secondary" busy={loading} onClick={() => void more()} data-testid="ledger-more">
                تراکنش‌های قدیمی‌تر
              </Button>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
