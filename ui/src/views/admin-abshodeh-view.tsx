// The abshodeh inventory (decisions.md §6, an addition): the shop's melted-gold bars, a form to add one,
// edit in a dialog and delete after a question. Reserved and delivered bars are kept as they are. Delivery
// takes a bar out of the shop (decisions.md §6): the first view is the bars still in the shop, and the
// delivered ones are one explicit filter away.
import { useEffect, useRef, useState } from "react";
import { formatPurity } from "../lib/gold-request";
import { ApiError, errorText, type Bar, type BarForm } from "../api";
import { BarFormFields } from "../components/abshodeh-bar-form";
import { BarList } from "../components/abshodeh-bars";
import { Gold } from "../components/amounts";
import { Modal } from "../components/ui/admin-modal";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { GoldBarIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader, StatusCard } from "../components/ui";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { roleOf } from "../lib/routes";
import { ABSHODEH_MESSAGES as M, barStatusLabel, barToForm, sumGrams } from "../lib/abshodeh";
import { toFaDigits } from "../lib/digits";
import { formatGold } from "../lib/money";
import "../styles/admin.css";
import "../styles/abshodeh.css";
import { adminApi } from "../api-admin";

const SHOWN = ["in-shop", "available", "reserved", "delivered"] as const;
type Shown = (typeof SHOWN)[number];

const inShop = (b: Bar) => b.status !== "delivered";
const shownBy = (s: Shown) => (b: Bar) => (s === "in-shop" ? inShop(b) : b.status === s);

/** AdminAbshodehView is /admin-abshodeh_page. */
export default function AdminAbshodehView() {
  const [bars, setBars] = useState<Bar[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<Shown>("in-shop");
  const [editing, setEditing] = useState<Bar | null>(null);
  const [deleting, setDeleting] = useState<Bar | null>(null);
  const [removing, setRemoving] = useState(false);
  const seq = useRef(0);
  const narrow = useMediaQuery(NARROW_LIST);
  // staff see the inventory; only the owner changes it (the server refuses staff's changes too)
  const owner = roleOf(useSession().user) === "owner";

  const load = async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await adminApi.bars("all");
      if (mine !== seq.current) return;
      setBars(Array.isArray(rows) ? rows : []);
      setFailed(false);
    } catch (err) {
      if (mine !== seq.current) return;
      setFailed(true);
      toast(errorText(err, M.barsFailed), "error");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  useEffect(() => void load(), []);

  const add = async (bar: BarForm) => {
    try {
      const answer = await adminApi.addBar(bar);
      toast(answer?.message || M.added, "success");
      setShown((s) => (s === "in-shop" || s === "available" ? s : "in-shop"));
      void load();
      return true;
    } catch (err) {
      toast(errorText(err, M.addFailed), "error");
      return false;
    }
  };

  const save = (id: number) => async (bar: BarForm) => {
    try {
      const answer = await adminApi.updateBar(id, bar);
      toast(answer?.message || M.edited, "success");
      setEditing(null);
      return true;
    } catch (err) {
      toast(errorText(err, M.editFailed), "error");
      return false;
    } finally {
      void load();
    }
  };

  const remove = async () => {
    if (!deleting || removing) return;
    setRemoving(true);
    try {
      const answer = await adminApi.deleteBar(deleting.id);
      toast(answer?.message || M.deleted, "success");
      setDeleting(null);
    } catch (err) {
      toast(errorText(err, M.deleteFailed), "error");
      // a bar taken or gone meanwhile cannot be deleted by asking again; without an answer it may
      if (!(err instanceof ApiError && err.status === 0)) setDeleting(null);
    } finally {
      setRemoving(false);
      void load();
    }
  };

  const count = (s: Shown) => (bars ?? []).filter(shownBy(s)).length;
  const list = (bars ?? []).filter(shownBy(shown));
  const available = (bars ?? []).filter((b) => b.status === "available");

  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="انبار آبشده" />

      {owner ? (
        <section className="card" aria-labelledby="bar-add-title">
          <h2 id="bar-add-title" className="section-title">
            افزودن آبشده
          </h2>
          <BarFormFields submitLabel="افزودن به انبار" onSubmit={add} clearOnSave prefix="bar" label="افزودن آبشده" />
        </section>
      ) : (
        <p className="card muted small" data-testid="bar-read-only">
          فهرست انبار را می‌بینید؛ افزودن، ویرایش و حذف آبشده با مالک فروشگاه است.
        </p>
      )}

      {bars === null ? (
        failed ? (
          <LoadFailed icon={<GoldBarIcon size={40} />} title={M.barsFailed} onRetry={load} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          {bars.length > 0 && (
            <>
              <div className="bar-summary card" data-testid="bar-summary">
                <div>
                  <span className="bar-figure-label">آبشده‌های موجود</span>
                  <span className="bar-summary-value">{toFaDigits(available.length)}</span>
                </div>
                <div>
                  <span className="bar-figure-label">مجموع وزن ۷۵۰ موجود</span>
                  <Gold value={sumGrams(available.map((b) => b.vazn750))} testid="bar-available-750" />
                </div>
              </div>

              <div className="bar-tabs" role="group" aria-label="نمایش بر اساس وضعیت">
                {SHOWN.map((s) => (
                  <button
                    key={s}
                    type="button"
                    className="abs-chip"
                    aria-pressed={shown === s}
                    onClick={() => setShown(s)}
                    data-testid={`bar-show-${s}`}
                  >
                    {`${s === "in-shop" ? "در انبار" : barStatusLabel(s)} (${toFaDigits(count(s))})`}
                  </button>
                ))}
              </div>
            </>
          )}

          {list.length === 0 ? (
            <StatusCard
              icon={<GoldBarIcon size={40} />}
              title={bars.length === 0 ? "هنوز آبشده‌ای ثبت نشده است" : "آبشده‌ای با این وضعیت نیست"}
              text={bars.length === 0 && owner ? "با فرم بالا اولین آبشده را به انبار اضافه کنید." : undefined}
              testid="bar-empty"
            />
          ) : (
            <BarList bars={list} narrow={narrow} busy={loading} onEdit={owner ? setEditing : undefined} onDelete={owner ? setDeleting : undefined} />
          )}
        </>
      )}

      {editing && (
        <Modal title={`ویرایش آبشده #${toFaDigits(editing.id)}`} onClose={() => setEditing(null)} testid="bar-edit-dialog">
          <BarFormFields
            key={editing.id}
            initial={barToForm(editing)}
            submitLabel="ذخیره تغییرات"
            onSubmit={save(editing.id)}
            prefix="edit"
            label="ویرایش آبشده"
            extra={
              <Button variant="secondary" onClick={() => setEditing(null)} data-testid="edit-cancel">
                انصراف
              </Button>
            }
          />
        </Modal>
      )}

      {deleting && (
        <ConfirmDialog title="حذف آبشده" yes="بله، حذف شود" danger busy={removing} onConfirm={remove} onClose={() => setDeleting(null)} testid="bar-delete">
          <p className="confirm-text">
            {`آبشده آزمایشگاه «${deleting.rey}» با شماره انگ ${toFaDigits(deleting.ang)}، عیار ${formatPurity(deleting.ayar)} و وزن ۷۵۰ ${formatGold(deleting.vazn750)} گرم از انبار حذف شود؟`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
