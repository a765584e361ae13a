// «ذوب و ری‌گیری» (/admin-vault_page/melts, issue 39): the used gold bought at the counter waits in the vault as
// unassayed lots; the owner ticks some and sends them to the melter as one batch, then enters the lab's bar (its
// weight, purity, lab and ingot number), which comes into the vault and shows the batch's loss (a gain is
// «افزایش»), or cancels a batch still at the melter. Staff see both lists. A page of the vault's row
// (lib/vault-pages.ts), loaded with the vault screen's code on first use.
import { useState } from "react";
import { stockApi } from "../api-stock";
import type { MeltBatch, VaultItem } from "../api-types";
import { MeltCancelDialog } from "../components/stock/melt-cancel-dialog";
import { BATCH_COLUMNS, LOT_COLUMNS } from "../components/stock/melt-columns";
import { MeltResultDialog } from "../components/stock/melt-result-dialog";
import { MeltSendForm } from "../components/stock/melt-send-form";
import { pickColumn } from "../components/stock/pick-column";
import { sumGrams } from "../lib/abshodeh";
import { DataList } from "../components/ui/data-list";
import { GoldBarIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { Button, PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { useSession } from "../hooks/use-session";
import { useStockPicks } from "../hooks/use-stock-picks";
import { toFaDigits } from "../lib/digits";
import { MELT_MESSAGES as M } from "../lib/melts";
import { formatGold } from "../lib/money";
import { roleOf } from "../lib/routes";
import { VAULT_PATH } from "../lib/vault-pages";
import "../styles/admin.css";
import "../styles/stock.css";

const lotName = (it: VaultItem) => [it.tag && `اتیکت ${it.tag}`, it.description || "طلای متفرقه", `${formatGold(it.weight750)} گرم`].filter(Boolean).join(" ");

/** AdminMeltsView is the melts page. */
export default function AdminMeltsView() {
  const owner = roleOf(useSession().user) === "owner";
  const narrow = useMediaQuery(NARROW_LIST);
  const picks = useStockPicks();
  const { data, failed, loading, reload } = useLoad(() => stockApi.melts(), M.loadFailed, { onData: (d) => picks.keep(d.lots ?? []) });
  const [deciding, setDeciding] = useState<{ batch: MeltBatch; to: "result" | "cancel" } | null>(null);
  const lots = data?.lots ?? [];
  const batches = data?.batches ?? [];
  const done = () => {
    setDeciding(null);
    void reload();
  };

  return (
    <div className="admin-page wide-screen stack melts-page">
      <PageHeader title="ذوب و ری‌گیری" back={VAULT_PATH} />
      {!owner && (
        <p className="card muted small" data-testid="melt-read-only">
          دسته‌های ذوب را می‌بینید؛ ارسال به ذوب و ثبت نتیجهٔ ری‌گیری با مالک فروشگاه است.
        </p>
      )}
      {!data ? (
        <ListPending failed={failed} icon={<GoldBarIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      ) : (
        <>
          <section className="stack" aria-labelledby="melt-lots-title">
            <div className="section-head">
              <h2 id="melt-lots-title" className="section-title">
                {`در انتظار ذوب (${toFaDigits(lots.length)})`}
              </h2>
              {lots.length > 0 && (
                <span className="muted small" data-testid="melt-lots-750">{`وزن ۷۵۰ همه: ${formatGold(sumGrams(lots.map((it) => it.weight750)))} گرم`}</span>
              )}
            </div>
            {lots.length === 0 ? (
              <StatusCard icon={<GoldBarIcon size={40} />} title="آبشده‌ای در انتظار ذوب نیست" text="طلای متفرقه‌ای که در پیشخوان خریده می‌شود، ری‌گیری‌نشده اینجا می‌آید." testid="melt-lots-empty" />
            ) : (
              <>
                {owner && (
                  <div className="stock-tools">
                    <Button variant="ghost" className="btn-sm" onClick={() => picks.toggleAll(lots)} data-testid="melt-pick-all">
                      {picks.allOf(lots) ? "لغو انتخاب همه" : "انتخاب همه"}
                    </Button>
                  </div>
                )}
                <DataList
                  rows={lots}
                  columns={owner ? [pickColumn<VaultItem>(picks, lotName, "melt-pick"), ...LOT_COLUMNS] : LOT_COLUMNS}
                  rowKey={(it) => it.id}
                  narrow={narrow}
                  caption="آبشده‌های ری‌گیری‌نشدهٔ خزانه"
                  busy={loading}
                  testid="melt-lot"
                  rowAttrs={(it) => ({ "data-id": it.id })}
                />
                {owner && <MeltSendForm lots={picks.ids.map((id) => lots.find((it) => it.id === id)).filter((it): it is VaultItem => !!it)} onSent={() => (picks.clear(), void reload())} />}
              </>
            )}
          </section>

          <section className="stack" aria-labelledby="melt-batches-title">
            <h2 id="melt-batches-title" className="section-title">
              دسته‌های ذوب
            </h2>
            {batches.length === 0 ? (
              <StatusCard icon={<GoldBarIcon size={40} />} title="هنوز دسته‌ای به ذوب نرفته است" testid="melt-batches-empty" />
            ) : (
              <DataList
                rows={batches}
                columns={BATCH_COLUMNS}
                rowKey={(b) => b.id}
                narrow={narrow}
                caption="دسته‌های ذوب، جدیدترین در بالا"
                busy={loading}
                testid="melt-batch"
                rowAttrs={(b) => ({ "data-id": b.id, "data-status": b.status })}
                actions={
                  owner
                    ? (b) =>
                        b.status === "sent" && (
                          <>
                            <Button className="btn-sm" onClick={() => setDeciding({ batch: b, to: "result" })} data-testid={`melt-result-${b.id}`}>
                              ثبت نتیجهٔ ری‌گیری
                            </Button>
                            <Button variant="danger" className="btn-sm" onClick={() => setDeciding({ batch: b, to: "cancel" })} data-testid={`melt-cancel-${b.id}`}>
                              لغو
                            </Button>
                          </>
                        )
                    : undefined
                }
              />
            )}
          </section>
        </>
      )}
      {deciding?.to === "result" && <MeltResultDialog batch={deciding.batch} onDone={done} onClose={() => setDeciding(null)} />}
      {deciding?.to === "cancel" && <MeltCancelDialog batch={deciding.batch} onDone={done} onClose={() => setDeciding(null)} />}
    </div>
  );
}
