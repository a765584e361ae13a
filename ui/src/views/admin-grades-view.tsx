// Grades and prices (admin.md §2): each grade's prices from the base price, the margins that make them, the
// grades' daily trade limits, and the customers with the grade each one trades at (and their own limits).
// Tables on a desktop, cards on a phone.
import { useState, type FormEvent } from "react";
import { errorText, type AdminPrices, type AdminUser, type Grade } from "../api";
import { Rial } from "../components/ui/amounts";
import { GradeDailyLimits } from "../components/limits/grade-daily-limits";
import { UserDailyLimits } from "../components/limits/user-daily-limits";
import { UserFactorReset } from "../components/security/user-factor-reset";
import { DataList, type Column } from "../components/ui/data-list";
import { GroupedField } from "../components/ui/grouped-field";
import { ChartIcon, SearchIcon, UsersIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { toast } from "../components/ui/toast";
import { Button, Field, LinkButton, LoadFailed, Loading, PageHeader } from "../components/ui";
import { useBannerList } from "../hooks/use-admin-list";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { toFaDigits, toLatinDigits } from "../lib/digits";
import { trimLeadingZeros } from "../lib/grouped-input";
import { formatJalaliDateTime } from "../lib/jalali";
import { fullName } from "../lib/labels";
import { EMPTY, faNumber, formatRial } from "../lib/money";
import { checkGradeRule, gradePrices, wholeRial } from "../lib/price-settings";
import "../styles/admin.css";
import "../styles/admin-trading.css";
import { adminApi } from "../api-admin";

const TEXTS = {
  pricesFailed: "خطا در دریافت قیمت‌ها",
  gradesFailed: "خطا در دریافت سطوح قیمت",
  gradeSaved: "سطح قیمت ذخیره شد",
  gradeFailed: "خطا در ویرایش",
  usersFailed: "خطا در دریافت کاربران",
  userSaved: "سطح قیمت کاربر به‌روز شد",
  userFailed: "خطا در به‌روزرسانی",
} as const;
const GRADES = [1, 2, 3, 4, 5];

const gradeName = (g: number) => `سطح ${toFaDigits(g)}`;
const groupRial = (d: string) => faNumber(d);

/** AdminGradesView is /admin-grades_page. */
export default function AdminGradesView() {
  const { data: prices, failed: pricesFailed, reload: loadPrices, refresh } = useLoad(() => adminApi.adminPrices(), TEXTS.pricesFailed);
  const narrow = useMediaQuery(NARROW_LIST);

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="سطوح قیمت و کاربران" />
      <div className="grades-top">
        {prices ? (
          <PriceTable prices={prices} narrow={narrow} />
        ) : pricesFailed ? (
          <LoadFailed icon={<ChartIcon size={40} />} title={TEXTS.pricesFailed} onRetry={loadPrices} />
        ) : (
          <Loading />
        )}
        <GradeRules base={prices?.base_price ?? null} narrow={narrow} onSaved={() => void refresh()} />
      </div>
      <GradeDailyLimits narrow={narrow} />
      <UserGrades narrow={narrow} />
    </div>
  );
}

type GradePrice = AdminPrices["prices"][number];

/** PRICE_COLUMNS are a grade's prices as the customer sees them. */
const PRICE_COLUMNS: Column<GradePrice>[] = [
  { label: "سطح قیمت", head: true, className: "grade-name", cell: (p) => gradeName(p.grade) },
  { label: "قیمت خرید (ریال)", className: "num strong", cell: (p) => <span data-testid={`price-buy-${p.grade}`}>{formatRial(p.buy_price)}</span> },
  { label: "قیمت فروش (ریال)", className: "num strong", cell: (p) => <span data-testid={`price-sell-${p.grade}`}>{formatRial(p.sell_price)}</span> },
];

function PriceTable({ prices, narrow }: { prices: AdminPrices; narrow: boolean }) {
  const rows = [...(prices.prices ?? [])].sort((a, b) => a.grade - b.grade);
  return (
    <section className="card section-card" aria-label="قیمت هر سطح" data-testid="price-table">
      <h2 className="section-title">قیمت هر سطح</h2>
      <div className="base-price">
        <span className="strong">قیمت پایه</span>
        {prices.base_price ? <Rial value={prices.base_price} toman testid="base-price" /> : <span className="muted" data-testid="base-price">تعیین نشده</span>}
        <span className="base-price-meta">
          {prices.updated_at && <span>{`آخرین به‌روزرسانی: ${formatJalaliDateTime(prices.updated_at)}`}</span>}
          {prices.base_price && !prices.is_price_fresh && <StatusBadge tone="warn">قیمت‌ها به‌روز نیستند</StatusBadge>}
          <LinkButton href="/prices_page" variant="ghost" className="btn btn-ghost btn-sm">
            تعیین قیمت
          </LinkButton>
        </span>
      </div>
      <DataList
        rows={rows}
        columns={PRICE_COLUMNS}
        rowKey={(p) => p.grade}
        narrow={narrow}
        caption="قیمت هر سطح"
        testid="price-row"
        rowAttrs={(p) => ({ "data-grade": p.grade })}
        flat
      />
    </section>
  );
}

type Draft = { sell_add: string; buy_subtract: string };

function GradeRules({ base, narrow, onSaved }: { base: string | null; narrow: boolean; onSaved: () => void }) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, Partial<Record<keyof Draft, string>>>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});

  const {
    data: grades,
    setData: setGrades,
    failed,
    reload: load,
  } = useLoad(
    async () => {
      const list = await adminApi.grades();
      return [...(Array.isArray(list) ? list : [])].sort((a, b) => a.id - b.id);
    },
    TEXTS.gradesFailed,
    // each grade's form starts from what the server holds
    { onData: (sorted) => setDrafts(Object.fromEntries(sorted.map((g) => [g.id, { sell_add: wholeRial(g.sell_add) ?? "", buy_subtract: wholeRial(g.buy_subtract) ?? "" }]))) },
  );

  if (!grades) return failed ? <LoadFailed icon={<ChartIcon size={40} />} title={TEXTS.gradesFailed} onRetry={load} /> : <Loading />;

  const edit = (id: number, key: keyof Draft) => (digits: string) => {
    setDrafts((d) => ({ ...d, [id]: { ...d[id], [key]: digits } }));
    setErrors((e) => (e[id]?.[key] ? { ...e, [id]: { ...e[id], [key]: undefined } } : e));
  };

  const save = async (id: number) => {
    const d = drafts[id];
    const checked = checkGradeRule(d.sell_add, d.buy_subtract);
    if (!checked.ok) {
      const msg = checked.message;
      setErrors((e) => ({
        ...e,
        [id]: { sell_add: wholeRial(d.sell_add) === null ? msg : undefined, buy_subtract: wholeRial(d.buy_subtract) === null ? msg : undefined },
      }));
      return;
    }
    setBusy((b) => ({ ...b, [id]: true }));
    try {
      const answer = await adminApi.updateGrade(id, checked.sell_add, checked.buy_subtract);
      toast(answer?.message || TEXTS.gradeSaved, "success");
      const saved = answer?.grade ?? { id, sell_add: checked.sell_add, buy_subtract: checked.buy_subtract };
      setGrades((gs) => gs && gs.map((g) => (g.id === id ? saved : g)));
      onSaved();
    } catch (err) {
      toast(errorText(err, TEXTS.gradeFailed), "error");
    } finally {
      setBusy(({ [id]: _, ...rest }) => rest);
    }
  };

  const field = (g: Grade, key: keyof Draft, label: string) => {
    const d = drafts[g.id] ?? { sell_add: "", buy_subtract: "" };
    const preview = gradePrices(base, d.sell_add, d.buy_subtract);
    const shown = key === "sell_add" ? preview.buy : preview.sell;
    return (
      <GroupedField
        label={label}
        digits={d[key]}
        onDigits={edit(g.id, key)}
        format={groupRial}
        clean={trimLeadingZeros}
        max={15}
        placeholder="۰"
        error={errors[g.id]?.[key]}
        hint={base ? `${key === "sell_add" ? "قیمت خرید" : "قیمت فروش"}: ${shown ? formatRial(shown) : EMPTY}` : undefined}
        end={<span className="field-unit">ریال</span>}
        className="unit-field cell-field"
        testid={`grade-${key === "sell_add" ? "sell-add" : "buy-subtract"}-${g.id}`}
      />
    );
  };
  // the fields take a card's width on a phone; the column (or the card's line above) is their visible label
  const ruleColumns: Column<Grade>[] = [
    { label: "سطح قیمت", head: true, className: "grade-name", cell: (g) => gradeName(g.id) },
    { label: "افزوده به قیمت خرید", wide: true, cell: (g) => field(g, "sell_add", `افزوده به قیمت خرید ${gradeName(g.id)}`) },
    { label: "کسر از قیمت فروش", wide: true, cell: (g) => field(g, "buy_subtract", `کسر از قیمت فروش ${gradeName(g.id)}`) },
  ];
  const saveButton = (g: Grade) => (
    <Button variant="secondary" className="btn-sm" busy={!!busy[g.id]} onClick={() => save(g.id)} data-testid={`grade-save-${g.id}`}>
      ذخیره
    </Button>
  );

  return (
    <section className="card section-card" aria-label="قواعد سطوح قیمت" data-testid="grade-rules">
      <h2 className="section-title">قواعد سطوح قیمت</h2>
      <p className="section-note">قیمت خرید = قیمت پایه + افزوده؛ قیمت فروش = قیمت پایه − کسر. هر دو به ریال برای هر گرم و عدد صحیح نامنفی‌اند.</p>
      <DataList
        rows={grades}
        columns={ruleColumns}
        rowKey={(g) => g.id}
        narrow={narrow}
        caption="قواعد سطوح قیمت"
        testid="grade-row"
        rowAttrs={(g) => ({ "data-grade": g.id })}
        actions={saveButton}
        flat
      />
    </section>
  );
}

function UserGrades({ narrow }: { narrow: boolean }) {
  const [search, setSearch] = useState("");
  const { list: users, setList: setUsers, loading, banner, load } = useBannerList<AdminUser, string>((q) => adminApi.adminUsers(q || undefined), TEXTS.usersFailed, "");
  // the grade chosen while its save is on the way; the select falls back to the saved one on failure
  const [pending, setPending] = useState<Record<number, number>>({});
  const [limitsOf, setLimitsOf] = useState<AdminUser | null>(null);
  const [resetOf, setResetOf] = useState<AdminUser | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(toLatinDigits(search.trim()));
  };

  const change = async (u: AdminUser, grade: number) => {
    if (grade === u.grade) return;
    setPending((p) => ({ ...p, [u.id]: grade }));
    try {
      const answer = await adminApi.setUserGrade(u.id, grade);
      toast(answer?.message || TEXTS.userSaved, "success");
      setUsers((list) => list && list.map((x) => (x.id === u.id ? { ...x, grade: answer?.user?.grade ?? grade } : x)));
    } catch (err) {
      toast(errorText(err, TEXTS.userFailed), "error");
    } finally {
      setPending(({ [u.id]: _, ...rest }) => rest);
    }
  };

  const name = (u: AdminUser) => fullName(u.first_name, u.last_name, u.name || EMPTY);
  const select = (u: AdminUser) => (
    <select
      className="input select grade-select"
      value={String(pending[u.id] ?? u.grade)}
      disabled={pending[u.id] !== undefined}
      aria-label={`سطح قیمت ${name(u)}`}
      onChange={(e) => void change(u, Number((e.currentTarget as HTMLSelectElement).value))}
      data-testid={`user-grade-${u.id}`}
    >
      {GRADES.map((g) => (
        <option key={g} value={String(g)}>
          {gradeName(g)}
        </option>
      ))}
    </select>
  );
  const adminBadge = (u: AdminUser) => (Number(u.is_admin) === 1 ? <StatusBadge tone="info">مدیر</StatusBadge> : null);
  const userColumns: Column<AdminUser>[] = [
    { label: "شناسه", className: "num", cell: (u) => toFaDigits(u.id) },
    {
      label: "نام",
      head: true,
      className: narrow ? "wr-user" : undefined,
      cell: (u) => (
        <>
          {name(u)} {adminBadge(u)}
        </>
      ),
    },
    { label: "شماره موبایل", className: "num", cell: (u) => toFaDigits(u.phone_number ?? "") },
    { label: "تاریخ عضویت", className: "num", cell: (u) => formatJalaliDateTime(u.created_at) },
    { label: "سطح قیمت", cell: select },
  ];

  return (
    <section className="card section-card" aria-label="کاربران و سطح قیمت" data-testid="user-grades">
      <h2 className="section-title">کاربران و سطح قیمت</h2>
      <form className="users-search" onSubmit={submit} role="search" noValidate>
        <Field label="جستجوی کاربر" value={search} onValue={setSearch} placeholder="نام، موبایل یا شناسه" enterKeyHint="search" autoComplete="off" data-testid="users-search" />
        <Button type="submit" busy={loading && users !== null} data-testid="users-search-submit">
          <SearchIcon size={20} />
          جستجو
        </Button>
      </form>
      {banner && (
        <p className="banner banner-error" role="alert" data-testid="users-error">
          {banner}
        </p>
      )}
      {users === null ? (
        <Loading />
      ) : users.length === 0 ? (
        <p className="users-empty muted" data-testid="users-empty">
          <UsersIcon size={28} />
          کاربری یافت نشد
        </p>
      ) : (
        <>
          <p className="list-count" data-testid="users-count">{`تعداد کاربران: ${toFaDigits(users.length)}`}</p>
          <DataList
            rows={users}
            columns={userColumns}
            rowKey={(u) => u.id}
            narrow={narrow}
            caption="کاربران و سطح قیمت"
            busy={loading}
            testid="user-row"
            rowAttrs={(u) => ({ "data-id": u.id })}
            actions={(u) => (
              <>
                <Button variant={narrow ? "secondary" : "ghost"} className="btn-sm" onClick={() => setLimitsOf(u)} data-testid={`user-limits-${u.id}`}>
                  سقف روزانه
                </Button>
                {u.second_factor && Number(u.is_admin) !== 1 ? (
                  <Button variant={narrow ? "secondary" : "ghost"} className="btn-sm" onClick={() => setResetOf(u)} data-testid={`user-factor-reset-${u.id}`}>
                    برداشتن تایید دومرحله‌ای
                  </Button>
                ) : null}
              </>
            )}
            flat
          />
        </>
      )}
      {limitsOf && <UserDailyLimits user={limitsOf} name={name(limitsOf)} onClose={() => setLimitsOf(null)} />}
      {resetOf && (
        <UserFactorReset
          id={resetOf.id}
          name={name(resetOf)}
          phone={resetOf.phone_number}
          onReset={() => setUsers((list) => list && list.map((x) => (x.id === resetOf.id ? { ...x, second_factor: false } : x)))}
          onClose={() => setResetOf(null)}
        />
      )}
    </section>
  );
}
