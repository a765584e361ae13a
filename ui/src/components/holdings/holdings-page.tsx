// The frame of the holdings screen (views/admin-vault-view.tsx): header, the owner's add, the summary, the
// status chips, the list drawn by DataList and its dialogs; the edit dialog around the one item form; and how
// an owner's change is told.
import type { ReactNode } from "react";
import { ApiError, errorText, type Message, type VaultItemForm } from "../../api";
import { toFaDigits } from "../../lib/digits";
import type { ItemMode, VaultForm } from "../../lib/vault";
import { Modal } from "../ui/admin-modal";
import { DataList, type Column } from "../ui/data-list";
import { ListPending } from "../ui/list-pending";
import { toast } from "../ui/toast";
import { Button, PageHeader, StatusCard } from "../ui";
import { ItemFields } from "./vault-item-form";

/** Outcome is what became of a change: saved, refused (asking again will not help), or left unanswered. */
export type Outcome = "saved" | "refused" | "unanswered";

/** change runs one of the owner's changes and toasts the server's words (or done), or failed's. */
export async function change(run: () => Promise<Message | undefined>, done: string, failed: string): Promise<Outcome> {
  try {
    const answer = await run();
    toast(answer?.message || done, "success");
    return "saved";
  } catch (err) {
    toast(errorText(err, failed), "error");
    return err instanceof ApiError && err.status === 0 ? "unanswered" : "refused";
  }
}

export type Chip<S> = { value: S; label: string };

type PageProps<Row, S> = {
  title: string;
  /** add is the owner's way to add: a button in the header, or a form on the page. */
  add?: { button?: ReactNode; form?: ReactNode };
  readOnly?: { text: string; testid: string };
  icon: ReactNode;
  failedTitle: string;
  data: unknown;
  failed: boolean;
  loading: boolean;
  reload: () => void;
  summary: ReactNode;
  chips: readonly Chip<S>[];
  shown: S;
  onShow: (s: S) => void;
  chipTestid: string;
  /** tools sit between the chips and the list (the vault's label printing and melts). */
  tools?: ReactNode;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  narrow: boolean;
  caption: string;
  rowTestid: string;
  rowAttrs: (row: Row) => Record<string, string | number>;
  actions?: (row: Row) => ReactNode;
  empty: { title: string; text?: string; testid: string };
  children?: ReactNode;
};

/** HoldingsPage is the one screen: header, the owner's add, the summary, the chips, the list, its dialogs. */
export function HoldingsPage<Row extends { id: number }, S extends string>(p: PageProps<Row, S>) {
  return (
    <div className="admin-page wide-screen stack">
      <PageHeader title={p.title}>{p.add?.button}</PageHeader>
      {p.add?.form}
      {p.readOnly && (
        <p className="card muted small" data-testid={p.readOnly.testid}>
          {p.readOnly.text}
        </p>
      )}
      {p.data === null ? (
        <ListPending failed={p.failed} icon={p.icon} title={p.failedTitle} onRetry={p.reload} />
      ) : (
        <>
          {p.summary}
          {p.chips.length > 0 && (
            <div className="bar-tabs" role="group" aria-label="نمایش بر اساس وضعیت">
              {p.chips.map((c) => (
                <button key={c.value} type="button" className="abs-chip" aria-pressed={p.shown === c.value} onClick={() => p.onShow(c.value)} data-testid={`${p.chipTestid}-${c.value}`}>
                  {c.label}
                </button>
              ))}
            </div>
          )}
          {p.tools}
          {p.rows.length === 0 ? (
            <StatusCard icon={p.icon} title={p.empty.title} text={p.empty.text} testid={p.empty.testid} />
          ) : (
            <DataList
              rows={p.rows}
              columns={p.columns}
              rowKey={(r) => r.id}
              narrow={p.narrow}
              caption={p.caption}
              busy={p.loading}
              testid={p.rowTestid}
              rowAttrs={p.rowAttrs}
              actions={p.actions}
            />
          )}
        </>
      )}
      {p.children}
    </div>
  );
}

/** EditDialog edits one item or bar in the one item form. */
export function EditDialog({ title, testid, mode, initial, id, onSubmit, onClose }: {
  title: string; testid: string; mode: ItemMode; initial: VaultForm; id: number;
  onSubmit: (body: VaultItemForm) => Promise<boolean>; onClose: () => void;
}) {
  return (
    <Modal title={`${title} #${toFaDigits(id)}`} onClose={onClose} testid={testid}>
      <ItemFields
        key={id}
        mode={mode}
        initial={initial}
        submitLabel="ذخیره تغییرات"
        onSubmit={onSubmit}
        prefix="edit"
        label={title}
        extra={
          <Button variant="secondary" onClick={onClose} data-testid="edit-cancel">
            انصراف
          </Button>
        }
      />
    </Modal>
  );
}
