// The shop's people (owner only): every owner and staff member with their role, one added by the phone of
// their existing account, a role changed, someone made a customer again. The server keeps the last owner.
import { useState, type FormEvent } from "react";
import { errorText, type AdminRole, type StaffMember } from "../api";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataList, type Column } from "../components/ui/data-list";
import { IdBadgeIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { toast } from "../components/ui/toast";
import { Button, Field, PageHeader, StatusCard } from "../components/ui";
import { useAdminList } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { toFaDigits } from "../lib/digits";
import { fullName, roleLabel, roleTone } from "../lib/labels";
import { normalizePhone, phoneError } from "../lib/validate";
import "../styles/admin.css";
import "../styles/owner.css";
import { adminApi } from "../api-admin";

const M = {
  loadFailed: "خطا در دریافت فهرست کارکنان",
  added: "به کارکنان اضافه شد",
  addFailed: "خطا در افزودن",
  changed: "نقش به‌روز شد",
  removed: "از کارکنان حذف شد",
  reset: "تایید دومرحله‌ای برداشته شد",
  failed: "خطا در به‌روزرسانی",
} as const;

const ROLES: readonly { value: AdminRole; label: string }[] = [
  { value: "staff", label: "کارمند" },
  { value: "owner", label: "مالک" },
];

/** Pending is the change waiting for the owner's yes: a new role, "customer" to remove, or a factor's reset. */
type Pending = { member: StaffMember; to: AdminRole | "customer" | "reset2fa" };

const nameOf = (m: StaffMember) => fullName(m.first_name, m.last_name, toFaDigits(m.phone_number));

/** AdminStaffView is /admin-staff_page. */
export default function AdminStaffView() {
  const { list, loading, failed, reload } = useAdminList((_: object) => adminApi.staff(), (err) => errorText(err, M.loadFailed));
  const narrow = useMediaQuery(NARROW_LIST);
  const me = useSession().user?.id;
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending || busy) return;
    setBusy(true);
    const { member, to } = pending;
    try {
      if (to === "customer") {
        const answer = await adminApi.removeStaff(member.id);
        toast(answer?.message || `${nameOf(member)} ${M.removed}`, "success");
      } else if (to === "reset2fa") {
        const answer = await adminApi.resetStaffSecondFactor(member.id);
        toast(answer?.message || M.reset, "success");
      } else {
        await adminApi.setStaffRole(member.id, to);
        toast(`${M.changed}: ${nameOf(member)}، ${roleLabel(to)}`, "success");
      }
      setPending(null);
    } catch (err) {
      toast(errorText(err, M.failed), "error", 5000);
      setPending(null);
    } finally {
      setBusy(false);
      void reload();
    }
  };

  const columns: Column<StaffMember>[] = [
    {
      label: "نام",
      head: true,
      className: "strong",
      cell: (m) => (m.id === me ? `${nameOf(m)} (شما)` : nameOf(m)),
    },
    { label: "شماره موبایل", cell: (m) => <span dir="ltr">{toFaDigits(m.phone_number)}</span> },
    {
      label: "نقش",
      head: true,
      cell: (m) => (
        <StatusBadge tone={roleTone(m.role)} testid={`staff-role-${m.id}`}>
          {roleLabel(m.role)}
        </StatusBadge>
      ),
    },
    { label: "تایید دومرحله‌ای", cell: (m) => (m.second_factor ? "روشن" : "هنوز روشن نشده") },
  ];

  return (
    <div className="admin-page wide-screen stack owner-page">
      <PageHeader title="کارکنان" />
      <AddStaff onAdded={reload} />
      {list === null ? (
        <ListPending failed={!!failed} icon={<IdBadgeIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      ) : list.length === 0 ? (
        <StatusCard icon={<IdBadgeIcon size={40} />} title="هنوز کسی در فهرست کارکنان نیست" testid="staff-empty" />
      ) : (
        <>
          <p className="list-count">{`تعداد: ${toFaDigits(list.length)}`}</p>
          <DataList
            rows={list}
            columns={columns}
            rowKey={(m) => m.id}
            narrow={narrow}
            caption="کارکنان فروشگاه"
            busy={loading}
            testid="staff-row"
            rowAttrs={(m) => ({ "data-id": m.id, "data-role": m.role })}
            actions={(m) => (
              <>
                <Button variant="secondary" className="btn-sm" onClick={() => setPending({ member: m, to: m.role === "owner" ? "staff" : "owner" })} data-testid={`staff-toggle-${m.id}`}>
                  {m.role === "owner" ? "تبدیل به کارمند" : "تبدیل به مالک"}
                </Button>
                <Button variant="danger" className="btn-sm" onClick={() => setPending({ member: m, to: "customer" })} data-testid={`staff-remove-${m.id}`}>
                  حذف از کارکنان
                </Button>
                {m.second_factor && m.id !== me && (
                  <Button variant="secondary" className="btn-sm" onClick={() => setPending({ member: m, to: "reset2fa" })} data-testid={`staff-reset-2fa-${m.id}`}>
                    برداشتن تایید دومرحله‌ای
                  </Button>
                )}
              </>
            )}
          />
        </>
      )}
      {pending && (
        <ConfirmDialog
          title={pending.to === "customer" ? "حذف از کارکنان" : pending.to === "reset2fa" ? "برداشتن تایید دومرحله‌ای" : "تغییر نقش"}
          yes={pending.to === "customer" ? "بله، حذف شود" : pending.to === "reset2fa" ? "بله، برداشته شود" : "بله، تغییر کند"}
          danger={pending.to !== "staff" && pending.to !== "owner"}
          busy={busy}
          onConfirm={confirm}
          onClose={() => setPending(null)}
          testid="staff"
        >
          <p className="confirm-text">
            {pending.to === "customer"
              ? `${nameOf(pending.member)} (${toFaDigits(pending.member.phone_number)}) از کارکنان حذف شود؟ او دوباره یک مشتری عادی خواهد بود و به بخش مدیریت دسترسی نخواهد داشت.`
              : pending.to === "reset2fa"
              ? `تایید دومرحله‌ای ${nameOf(pending.member)} برداشته شود؟ همه ورودهای او پایان می‌یابد و در ورود بعدی باید برنامه احراز هویت را دوباره اضافه کند.`
              : `نقش ${nameOf(pending.member)} (${toFaDigits(pending.member.phone_number)}) از «${roleLabel(pending.member.role)}» به «${roleLabel(pending.to as AdminRole)}» تغییر کند؟`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function AddStaff({ onAdded }: { onAdded: () => void }) {
  const [phone, setPhone] = useState("");
  const [role, setRole] = useState<AdminRole>("staff");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const err = phoneError(phone);
    setError(err);
    if (err || busy) return;
    setBusy(true);
    try {
      const member = await adminApi.addStaff(normalizePhone(phone)!, role);
      toast(`${nameOf(member)} ${M.added}`, "success");
      setPhone("");
      onAdded();
    } catch (err2) {
      toast(errorText(err2, M.addFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form staff-add" onSubmit={submit} noValidate aria-labelledby="staff-add-title">
      <h2 id="staff-add-title" className="section-title">
        افزودن به کارکنان
      </h2>
      <p className="muted small">کسی را که پیش‌تر در فروشگاه ثبت‌نام کرده است با شماره موبایلش اضافه کنید.</p>
      <div className="form-row">
        <Field
          label="شماره موبایل"
          value={phone}
          onValue={(v) => (setPhone(v), setError(null))}
          error={error}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="off"
          placeholder="۰۹۱۲۱۲۳۴۵۶۷"
          data-testid="staff-phone"
        />
        <SelectField label="نقش" value={role} onValue={(v) => setRole(v as AdminRole)} options={ROLES} testid="staff-new-role" />
      </div>
      <p className="field-hint">کارمند: درخواست‌های کیف پول و آبشده، پشتیبانی و فهرست کاربران. مالک: همه بخش‌ها، از جمله قیمت‌ها، شارژ دستی و تنظیمات.</p>
      <Button type="submit" busy={busy} data-testid="staff-add">
        افزودن
      </Button>
    </form>
  );
}
