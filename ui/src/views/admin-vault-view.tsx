// The vault (issue 17): the shop's physical holdings. Totals by kind and the 750-equivalent held, the items
// in the vault (or those taken out, or all), and for the owner: add and edit in a dialog with the live
// 750-equivalent, take out with a reason and a note. Anyone at the desk opens an item's history; staff only
// look (the server refuses them the rest too).
import { useState } from "react";
import { ApiError, errorText, type VaultItem, type VaultItemForm, type VaultOutReason } from "../api";
import { Gold } from "../components/amounts";
import { ListPending } from "../components/ui/list-pending";
import { SelectField } from "../components/ui/select-field";
import { Modal } from "../components/ui/admin-modal";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { DataList, type Column } from "../components/ui/data-list";
import { LockIcon, PlusCircleIcon } from "../components/ui/icons";
import { StatusBadge } from "../components/ui/status-badge";
import { TextAreaField } from "../components/ui/text-area-field";
import { toast } from "../components/ui/toast";
import { Button, PageHeader, StatusCard } from "../components/ui";
import { VaultHistory } from "../components/vault-history";
import { VaultItemFields } from "../components/vault-item-form";
import { VaultComposition } from "../components/vault-composition";
import { useAdminList } from "../hooks/use-admin-list";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { toFaDigits } from "../lib/digits";
import { faText, formatPurity } from "../lib/gold-request";
import { formatJalaliDateTimeShort } from "../lib/jalali";
import { EMPTY, formatGold } from "../lib/money";
import { roleOf } from "../lib/routes";
import {
  CODE_FIELDS, VAULT_MESSAGES as M, VAULT_OUT_REASONS, VAULT_SHOWN, vaultItemToForm, vaultKindLabel, vaultStatusLabel,
  vaultStatusTone, type VaultShown,
} from "../lib/vault";
import "../styles/admin.css";
import "../styles/abshodeh.css";
import "../styles/vault.css";
import { adminApi } from "../api-admin";

/** marks lists an item's lab, ingot number and codes as they were typed, one a line, with Persian digits. */
function marks(it: VaultItem) {
  const kept = CODE_FIELDS.filter((c) => it[c.key]);
  if (!kept.length) return EMPTY;
  return (
    <ul className="vault-marks">
      {kept.map((c) => (
        <li key={c.key}>
          <span className="muted">{`${c.label}: `}</span>
          <bdi>{faText(it[c.key])}</bdi>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: Column<VaultItem>[] = [
  {
    label: "کالا",
    head: true,
    className: "strong",
    cell: (it) => (it.description ? `${vaultKindLabel(it.kind)} · ${it.description}` : vaultKindLabel(it.kind)),
  },
  {
    label: "وضعیت",
    head: true,
    cell: (it) => (
      <span className="vault-badges">
        <StatusBadge tone={vaultStatusTone(it.status)}>{vaultStatusLabel(it.status)}</StatusBadge>
        {it.requestable && it.status === "in" && <StatusBadge tone="info">عرضه به مشتری</StatusBadge>}
      </span>
    ),
  },
  { label: "عیار", className: "num", cell: (it) => formatPurity(it.purity) },
  { label: "وزن", className: "num", cell: (it) => <Gold value={it.weight} testid={`vault-weight-${it.id}`} /> },
  { label: "وزن ۷۵۰", className: "num", cell: (it) => <Gold value={it.weight750} testid={`vault-w750-${it.id}`} /> },
  { label: "نشان‌ها", wide: true, cell: marks },
  { label: "تاریخ ثبت", className: "num", cell: (it) => formatJalaliDateTimeShort(it.created_at) },
];

/** AdminVaultView is /admin-vault_page. */
export default function AdminVaultView() {
  const { list, loading, failed, load, reload } = useAdminList(
    async (f: { status?: VaultShown }) => [await adminApi.vault(f.status ?? "in")],
    (err) => errorText(err, M.loadFailed),
  );
  const vault = list?.[0] ?? null;
  const [shown, setShown] = useState<VaultShown>("in");
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<VaultItem | null>(null);
  const [leaving, setLeaving] = useState<VaultItem | null>(null);
  const [reason, setReason] = useState<VaultOutReason>("sold");
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState<VaultItem | null>(null);
  const narrow = useMediaQuery(NARROW_LIST);
  const owner = roleOf(useSession().user) === "owner";

  const show = (s: VaultShown) => {
    setShown(s);
    void load({ status: s });
  };

  const add = async (body: VaultItemForm) => {
    try {
      const answer = await adminApi.addVaultItem(body);
      toast(answer?.message || M.added, "success");
      setAdding(false);
      if (shown === "out") setShown("in");
      void load({ status: shown === "out" ? "in" : shown });
      return true;
    } catch (err) {
      toast(errorText(err, M.addFailed), "error");
      return false;
    }
  };

  const save = (id: number) => async (body: VaultItemForm) => {
    try {
      const answer = await adminApi.updateVaultItem(id, body);
      toast(answer?.message || M.edited, "success");
      setEditing(null);
      return true;
    } catch (err) {
      toast(errorText(err, M.editFailed), "error");
      return false;
    } finally {
      void reload();
    }
  };

  const openOut = (it: VaultItem) => {
    setReason("sold");
    setNote("");
    setLeaving(it);
  };

  const takeOut = async () => {
    if (!leaving || sending) return;
    setSending(true);
    try {
      const answer = await adminApi.takeOutVaultItem(leaving.id, reason, note.trim());
      toast(answer?.message || M.out, "success");
      setLeaving(null);
    } catch (err) {
      toast(errorText(err, M.outFailed), "error");
      // an item gone or locked meanwhile stays so when asked again; without an answer it may not
      if (!(err instanceof ApiError && err.status === 0)) setLeaving(null);
    } finally {
      setSending(false);
      void reload();
    }
  };

  const items = vault?.items ?? [];
  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title="خزانه">
        {owner && (
          <Button className="btn-sm vault-add-btn" onClick={() => setAdding(true)} data-testid="vault-add">
            <PlusCircleIcon size={18} />
            افزودن کالا
          </Button>
        )}
      </PageHeader>

      {!owner && (
        <p className="card muted small" data-testid="vault-read-only">
          خزانه را می‌بینید؛ افزودن، ویرایش و خروج کالا با مالک فروشگاه است.
        </p>
      )}

      {vault === null ? (
        <ListPending failed={!!failed} icon={<LockIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      ) : (
        <>
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

          <div className="bar-tabs" role="group" aria-label="نمایش بر اساس وضعیت">
            {VAULT_SHOWN.map((s) => (
              <button key={s.value} type="button" className="abs-chip" aria-pressed={shown === s.value} onClick={() => show(s.value)} data-testid={`vault-show-${s.value}`}>
                {s.label}
              </button>
            ))}
          </div>

          {items.length === 0 ? (
            <StatusCard
              icon={<LockIcon size={40} />}
              title={shown === "in" ? "کالایی در خزانه نیست" : "کالایی با این وضعیت نیست"}
              text={shown === "in" && owner ? "با «افزودن کالا» آنچه فروشگاه در دست دارد را ثبت کنید." : undefined}
              testid="vault-empty"
            />
          ) : (
            <DataList
              rows={items}
              columns={COLUMNS}
              rowKey={(it) => it.id}
              narrow={narrow}
              caption="کالاهای خزانه"
              busy={loading}
              testid="vault-row"
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
            />
          )}
        </>
      )}

      {adding && (
        <Modal title="افزودن کالا به خزانه" onClose={() => setAdding(false)} testid="vault-add-dialog">
          <VaultItemFields submitLabel="افزودن به خزانه" onSubmit={add} prefix="vault" label="افزودن کالا" />
        </Modal>
      )}

      {editing && (
        <Modal title={`ویرایش کالا #${toFaDigits(editing.id)}`} onClose={() => setEditing(null)} testid="vault-edit-dialog">
          <VaultItemFields
            key={editing.id}
            initial={vaultItemToForm(editing)}
            submitLabel="ذخیره تغییرات"
            onSubmit={save(editing.id)}
            prefix="edit"
            label="ویرایش کالا"
            extra={
              <Button variant="secondary" onClick={() => setEditing(null)} data-testid="edit-cancel">
                انصراف
              </Button>
            }
          />
        </Modal>
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
    </div>
  );
}
