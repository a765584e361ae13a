// An item's history in a dialog: every move into and out of the vault, oldest first, with its Jalali time,
// the 750-equivalent it added or took away, what a correction changed and the note kept with it.
import { useEffect, useState } from "react";
import { errorText, type VaultItem, type VaultMove } from "../../api";
import { formatJalaliDateTime } from "../../lib/jalali";
import { EMPTY } from "../../lib/money";
import { moveChange, VAULT_MESSAGES as M, vaultKindLabel, vaultMoveLabel } from "../../lib/vault";
import { toFaDigits } from "../../lib/digits";
import { Gold } from "../ui/amounts";
import { ListPending } from "../ui/list-pending";
import { Modal } from "../ui/admin-modal";
import { DataList, type Column } from "../ui/data-list";
import { HistoryIcon } from "../ui/icons";
import { toast } from "../ui/toast";
import { StatusCard } from "../ui";
import { adminApi } from "../../api-admin";

const COLUMNS: Column<VaultMove>[] = [
  { label: "رویداد", head: true, className: "strong", cell: (m) => vaultMoveLabel(m.kind) },
  { label: "زمان", head: true, className: "num", cell: (m) => formatJalaliDateTime(m.created_at) },
  { label: "وزن ۷۵۰", className: "num", cell: (m) => <Gold value={m.delta750} signed /> },
  {
    label: "تغییر",
    wide: true,
    cell: (m) => moveChange(m) || (m.gold_request_id ? `درخواست آبشده #${toFaDigits(m.gold_request_id)}` : EMPTY),
  },
  { label: "توضیح", wide: true, cell: (m) => m.note || EMPTY },
];

/** VaultHistory loads and shows the moves of one item. */
export function VaultHistory({ item, narrow, onClose }: { item: VaultItem; narrow: boolean; onClose: () => void }) {
  const [moves, setMoves] = useState<VaultMove[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = async () => {
    setFailed(false);
    try {
      const answer = await adminApi.vaultItem(item.id);
      setMoves(Array.isArray(answer?.moves) ? answer.moves : []);
    } catch (err) {
      setFailed(true);
      toast(errorText(err, M.historyFailed), "error");
    }
  };
  useEffect(() => void load(), [item.id]);

  const name = item.description ? `${vaultKindLabel(item.kind)} «${item.description}»` : vaultKindLabel(item.kind);
  return (
    <Modal title={`سابقه ${name}`} size="wide" onClose={onClose} testid="vault-history">
      {moves === null ? (
        <ListPending failed={failed} icon={<HistoryIcon size={40} />} title={M.historyFailed} onRetry={load} />
      ) : moves.length === 0 ? (
        <StatusCard icon={<HistoryIcon size={40} />} title="رویدادی ثبت نشده است" />
      ) : (
        <DataList
          rows={moves}
          columns={COLUMNS}
          rowKey={(m) => m.id}
          narrow={narrow}
          caption="سابقه کالا"
          testid="vault-move"
          rowAttrs={(m) => ({ "data-kind": m.kind })}
        />
      )}
    </Modal>
  );
}
