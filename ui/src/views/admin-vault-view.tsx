// The shop's holdings, one screen (issue 26; the vault of issue 17, the abshodeh inventory of decisions.md §6):
// at /admin-vault_page every item, with the totals by kind and the 750-equivalent held, what is in (the first
// view), what left or all, an item's history, and for the owner: add in a dialog, edit, take out with a
// reason. At /admin-abshodeh_page the abshodeh bars, the vault's melted gold offered to customers, with the
// bar's columns and the status their requests give them: the bars in the shop first, the delivered ones one
// chip away, and for the owner: add on the page, edit and delete while no request holds a bar. One item form
// (components/vault-item-form.tsx) serves both. Staff only look; the server refuses them the rest too.
// The vault's own pages (issue 39) follow its path (lib/vault-pages.ts), each loaded on first use: the items
// ticked in the list print their tag labels at /admin-vault_page/labels, and the used gold waiting for the melter
// is sent and assayed at /admin-vault_page/melts.
import { useState } from "react";
import { useLocation } from "wouter";
import type { Bar, VaultItem, VaultItemForm, VaultOutReason } from "../api";
import { adminApi } from "../api-admin";
import { Gold } from "../components/ui/amounts";
import { Modal } from "../components/ui/admin-modal";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { BAR_COLUMNS, BarActions, ITEM_COLUMNS } from "../components/holdings/holdings-columns";
import { change, EditDialog, HoldingsPage } from "../components/holdings/holdings-page";
import { lazy } from "../components/shell/lazy";
import { pickColumn } from "../components/stock/pick-column";
import { GoldBarIcon, InvoiceIcon, LockIcon, PlusCircleIcon } from "../components/ui/icons";
import { SelectField } from "../components/ui/select-field";
import { TextAreaField } from "../components/ui/text-area-field";
import { Button, LinkButton } from "../components/ui";
import { VaultComposition } from "../components/holdings/vault-composition";
import { VaultHistory } from "../components/holdings/vault-history";
import { ItemFields } from "../components/holdings/vault-item-form";
import { useLoad } from "../hooks/use-load";
import { usePageTitle } from "../hooks/use-page-title";
import { useStockPicks } from "../hooks/use-stock-picks";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { ABSHODEH_MESSAGES as BM, barStatusLabel, sumGrams } from "../lib/abshodeh";
import { toFaDigits } from "../lib/digits";
import { formatPurity } from "../lib/gold-request";
import { formatGold } from "../lib/money";
import { roleOf } from "../lib/routes";
import { labelsPath, MELTS_PATH, vaultPageOf } from "../lib/vault-pages";
import {
  barToForm, toBarForm, VAULT_MESSAGES as M, VAULT_OUT_REASONS, VAULT_SHOWN, vaultItemToForm, vaultKindLabel, type VaultShown,
} from "../lib/vault";
import "../styles/admin.css";
import "../styles/abshodeh.css";
import "../styles/vault.css";
import "../styles/stock.css";
import { NotFoundView } from "./status-views";

const LabelsView = lazy(() => import("./admin-labels-view"));
const MeltsView = lazy(() => import("./admin-melts-view"));

/** AdminVaultView is /admin-vault_page and its pages: the tag labels and the melts. */
export default function AdminVaultView() {
  const page = vaultPageOf(useLocation()[0]);
  usePageTitle(page === "labels" ? "چاپ اتیکت" : page === "melts" ? "ذوب و ری‌گیری" : null);
  const owner = useOwner();
  const narrow = useMediaQuery(NARROW_LIST);
  if (page === "labels") return <LabelsView />;
  if (page === "melts") return <MeltsView />;
  if (page === null) return <NotFoundView />;
  return <VaultScreen owner={owner} narrow={narrow} />;
}

/** AdminAbshodehView is /admin-abshodeh_page. */
export function AdminAbshodehView() {
  return <BarsScreen owner={useOwner()} narrow={useMediaQuery(NARROW_LIST)} />;
}

// staff see the holdings; only the owner changes them
const useOwner = () => roleOf(useSession().user) === "owner";

type BarsShown = "in-shop" | "available" | "reserved" | "delivered";
const inShop = (b: Bar) => b.status !== "delivered";
const shownBy = (s: BarsShown) => (b: Bar) => (s === "in-shop" ? inShop(b) : b.status === s);

/** BarsScreen is the abshodeh inventory: every bar ever kept is loaded once, the chips filter it. */
function BarsScreen({ owner, narrow }: { owner: boolean; narrow: boolean }) {
  const { data: bars, failed, loading, reload } = useLoad(() => adminApi.bars("all"), BM.barsFailed);
  const [shown, setShown] = useState<BarsShown>("in-shop");
  const [editing, setEditing] = useState<Bar | null>(null);
  const [deleting, setDeleting] = useState<Bar | null>(null);
  const [removing, setRemoving] = useState(false);

  const all = bars ?? [];
  const count = (s: BarsShown) => all.filter(shownBy(s)).length;
  const available = all.filter((b) => b.status === "available");

  const add = async (body: VaultItemForm) => {
    if ((await change(() => adminApi.addBar(toBarForm(body)), BM.added, BM.addFailed)) !== "saved") return false;
    setShown((s) => (s === "in-shop" || s === "available" ? s : "in-shop"));
    void reload();
    return true;
  };
  const save = (id: number) => async (body: VaultItemForm) => {
    const saved = (await change(() => adminApi.updateBar(id, toBarForm(body)), BM.edited, BM.editFailed)) === "saved";
    if (saved) setEditing(null);
    void reload();
    return saved;
  };
  const remove = async () => {
    if (!deleting || removing) return;
    setRemoving(true);
    if ((await change(() => adminApi.deleteBar(deleting.id), BM.deleted, BM.deleteFailed)) !== "unanswered") setDeleting(null);
    setRemoving(false);
    void reload();
  };

  return (
    <HoldingsPage
      title="انبار آبشده"
      add={owner ? {
        form: (
          <section className="card" aria-labelledby="bar-add-title">
            <h2 id="bar-add-title" className="section-title">
              افزودن آبشده
            </h2>
            <ItemFields mode="bar" submitLabel="افزودن به انبار" onSubmit={add} clearOnSave prefix="bar" label="افزودن آبشده" />
          </section>
        ),
      } : undefined}
      readOnly={owner ? undefined : { text: "فهرست انبار را می‌بینید؛ افزودن، ویرایش و حذف آبشده با مالک فروشگاه است.", testid: "bar-read-only" }}
      icon={<GoldBarIcon size={40} />}
      failedTitle={BM.barsFailed}
      data={bars}
      failed={failed}
      loading={loading}
      reload={reload}
      summary={all.length > 0 && (
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
      )}
      chips={all.length === 0 ? [] : (["in-shop", "available", "reserved", "delivered"] as const).map((value) => ({
        value, label: `${value === "in-shop" ? "در انبار" : barStatusLabel(value)} (${toFaDigits(count(value))})`,
      }))}
      shown={shown}
      onShow={setShown}
      chipTestid="bar-show"
      rows={all.filter(shownBy(shown))}
      columns={BAR_COLUMNS}
      narrow={narrow}
      caption="آبشده‌های انبار"
      rowTestid="bar-row"
      rowAttrs={(b) => ({ "data-id": b.id, "data-status": b.status ?? "" })}
      actions={owner ? (b) => <BarActions bar={b} onEdit={setEditing} onDelete={setDeleting} /> : undefined}
      empty={{
        title: all.length === 0 ? "هنوز آبشده‌ای ثبت نشده است" : "آبشده‌ای با این وضعیت نیست",
        text: all.length === 0 && owner ? "با فرم بالا اولین آبشده را به انبار اضافه کنید." : undefined,
        testid: "bar-empty",
      }}
    >
      {editing && (
        <EditDialog title="ویرایش آبشده" testid="bar-edit-dialog" mode="bar" initial={barToForm(editing)} id={editing.id} onSubmit={save(editing.id)} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog title="حذف آبشده" yes="بله، حذف شود" danger busy={removing} onConfirm={remove} onClose={() => setDeleting(null)} testid="bar-delete">
          <p className="confirm-text">
            {`آبشده آزمایشگاه «${deleting.rey}» با شماره انگ ${toFaDigits(deleting.ang)}، عیار ${formatPurity(deleting.ayar)} و وزن ۷۵۰ ${formatGold(deleting.vazn750)} گرم از انبار حذف شود؟`}
          </p>
        </ConfirmDialog>
      )}
    </HoldingsPage>
  );
}

/** itemName names an item for its checkbox: its kind, description and tag. */
const itemName = (it: VaultItem) => [vaultKindLabel(it.kind), it.description, it.tag && `اتیکت ${it.tag}`].filter(Boolean).join(" ");

/** VaultScreen is the vault: each chip loads its items, with the totals of what is in. */
function VaultScreen({ owner, narrow }: { owner: boolean; narrow: boolean }) {
  const [shown, setShown] = useState<VaultShown>("in");
  const { data: vault, failed, loading, reload } = useLoad(() => adminApi.vault(shown), M.loadFailed, { deps: [shown] });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VaultItem | null>(null);
  const [leaving, setLeaving] = useState<VaultItem | null>(null);
  const [reason, setReason] = useState<VaultOutReason>("sold");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState<VaultItem | null>(null);
  const picked = useStockPicks();
  const [, navigate] = useLocation();

  const add = async (body: VaultItemForm) => {
    if ((await change(() => adminApi.addVaultItem(body), M.added, M.addFailed)) !== "saved") return false;
    setAdding(false);
    if (shown === "out") setShown("in");
    else void reload();
    return true;
  };
  const save = (id: number) => async (body: VaultItemForm) => {
    const saved = (await change(() => adminApi.updateVaultItem(id, body), M.edited, M.editFailed)) === "saved";
    if (saved) setEditing(null);
    void reload();
    return saved;
  };
  const openOut = (it: VaultItem) => {
    setReason("sold");
    setNote("");
    setLeaving(it);
  };
  const takeOut = async () => {
    if (!leaving || sending) return;
    setSending(true);
    if ((await change(() => adminApi.takeOutVaultItem(leaving.id, reason, note.trim()), M.out, M.outFailed)) !== "unanswered") setLeaving(null);
    setSending(false);
    void reload();
  };

  return (
    <HoldingsPage
      title="خزانه"
      add={owner ? {
        button: (
          <Button className="btn-sm vault-add-btn" onClick={() => setAdding(true)} data-testid="vault-add">
            <PlusCircleIcon size={18} />
            افزودن کالا
          </Button>
        ),
      } : undefined}
      readOnly={owner ? undefined : { text: "خزانه را می‌بینید؛ افزودن، ویرایش و خروج کالا با مالک فروشگاه است.", testid: "vault-read-only" }}
      icon={<LockIcon size={40} />}
      failedTitle={M.loadFailed}
      data={vault}
      failed={failed}
      loading={loading}
      reload={reload}
      summary={vault && (
        <section className="card vault-totals" aria-labelledby="vault-totals-title" data-testid="vault-totals">
          <h2 id="vault-totals-title" className="visually-hidden">
            موجودی خزانه
          </h2>
          <div className="vault-held">
            <span className="bar-figure-label">مجموع وزن ۷۵۰ در خزانه</span>
            <Gold value={vault.held} testid="vault-held" />
          </div>
          <VaultComposition totals={vault.totals} testid="vault-total" />
        </section>
      )}
      chips={VAULT_SHOWN}
      shown={shown}
      onShow={setShown}
      chipTestid="vault-show"
      tools={
        <div className="stock-tools" role="group" aria-label="اتیکت و ذوب">
          <Button variant="secondary" className="btn-sm" disabled={!picked.ids.length} onClick={() => navigate(labelsPath(picked.ids))} data-testid="vault-labels">
            <InvoiceIcon size={18} />
            {picked.ids.length ? `چاپ اتیکت (${toFaDigits(picked.ids.length)})` : "چاپ اتیکت"}
          </Button>
          {(vault?.items.length ?? 0) > 0 && (
            <Button variant="ghost" className="btn-sm" onClick={() => picked.toggleAll(vault?.items ?? [])} data-testid="vault-pick-all">
              {picked.allOf(vault?.items ?? []) ? "لغو انتخاب همه" : "انتخاب همه"}
            </Button>
          )}
          <LinkButton href={MELTS_PATH} variant="ghost" className="btn btn-ghost btn-sm" data-testid="vault-melts">
            ذوب و ری‌گیری
          </LinkButton>
        </div>
      }
      rows={vault?.items ?? []}
      columns={[pickColumn<VaultItem>(picked, itemName, "vault-pick"), ...ITEM_COLUMNS]}
      narrow={narrow}
      caption="کالاهای خزانه"
      rowTestid="vault-row"
      rowAttrs={(it) => ({ "data-id": it.id, "data-kind": it.kind, "data-status": it.status })}
      actions={(it) => (
        <>
          <Button variant="secondary" className="btn-sm" onClick={() => setHistory(it)} data-testid={`vault-history-${it.id}`}>
            سابقه
          </Button>
          {owner && it.status === "in" && (
            <>
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing(it)} data-testid={`vault-edit-${it.id}`}>
                ویرایش
              </Button>
              <Button variant="danger" className="btn-sm" onClick={() => openOut(it)} data-testid={`vault-out-${it.id}`}>
                خروج
              </Button>
            </>
          )}
        </>
      )}
      empty={{
        title: shown === "in" ? "کالایی در خزانه نیست" : "کالایی با این وضعیت نیست",
        text: shown === "in" && owner ? "با «افزودن کالا» آنچه فروشگاه در دست دارد را ثبت کنید." : undefined,
        testid: "vault-empty",
      }}
    >
      {adding && (
        <Modal title="افزودن کالا به خزانه" onClose={() => setAdding(false)} testid="vault-add-dialog">
          <ItemFields submitLabel="افزودن به خزانه" onSubmit={add} prefix="vault" label="افزودن کالا" assayChoice />
        </Modal>
      )}
      {editing && (
        <EditDialog title="ویرایش کالا" testid="vault-edit-dialog" mode="vault" initial={vaultItemToForm(editing)} id={editing.id} onSubmit={save(editing.id)} onClose={() => setEditing(null)} />
      )}
      {leaving && (
        <ConfirmDialog title="خروج از خزانه" yes="بله، خارج شود" danger busy={sending} onConfirm={takeOut} onClose={() => setLeaving(null)} testid="vault-out">
          <div className="stack">
            <p className="confirm-text">
              {`${vaultKindLabel(leaving.kind)}${leaving.description ? ` «${leaving.description}»` : ""} با وزن ۷۵۰ ${formatGold(leaving.weight750)} گرم از خزانه خارج شود؟`}
            </p>
            <SelectField label="دلیل خروج" value={reason} onValue={(v) => setReason(v as VaultOutReason)} options={VAULT_OUT_REASONS} testid="vault-out-reason" />
            <TextAreaField label="توضیح (اختیاری)" value={note} onValue={setNote} rows={2} maxLength={500} data-testid="vault-out-note" />
          </div>
        </ConfirmDialog>
      )}
      {history && <VaultHistory item={history} narrow={narrow} onClose={() => setHistory(null)} />}
    </HoldingsPage>
  );
}
