// «چاپ اتیکت» (/admin-vault_page/labels?ids=…&size=…, issue 39): the labels of the items chosen on the vault
// screen, one a piece, sold ones too (printing again is opening the page again). On screen each label at its size
// with the choice of paper and a print button, which waits for the barcodes; on paper the labels alone: an A4 sheet
// of 21 (63.5 × 38.1 mm, 3 × 7) or a thermal roll of 40 × 25 or 50 × 30 mm, one label a page (labels-print.css).
// A page of the vault's row (lib/vault-pages.ts), loaded with the vault screen's code on first use.
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { ApiError } from "../api";
import { adminApi } from "../api-admin";
import type { VaultItem } from "../api-types";
import { TagLabel } from "../components/stock/tag-label";
import { InvoiceIcon as PrintIcon } from "../components/ui/icons";
import { ListPending } from "../components/ui/list-pending";
import { Button, PageHeader, StatusCard } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { usePrintPage } from "../hooks/use-print-page";
import { useShop } from "../hooks/use-shop";
import { toFaDigits } from "../lib/digits";
import { shortNameOf } from "../lib/shop";
import { LABEL_SIZES, labelIdsOf, labelSizeOf } from "../lib/tag-labels";
import { labelsPath, VAULT_PATH } from "../lib/vault-pages";
import "../styles/stock.css";
import "../styles/labels-print.css";

const LOAD_FAILED = "خطا در دریافت کالاها";

/** Chosen is what the page prints: the items found, in the order asked, and the ids that are no item. */
type Chosen = { items: VaultItem[]; missing: number[] };

async function loadItems(ids: readonly number[]): Promise<Chosen> {
  const found = await Promise.all(
    ids.map((id) =>
      adminApi.vaultItem(id).then(
        (a) => a.item,
        (err) => {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        },
      ),
    ),
  );
  return { items: found.filter((it): it is VaultItem => !!it), missing: ids.filter((_, i) => !found[i]) };
}

/** AdminLabelsView is the labels print page. */
export default function AdminLabelsView() {
  const search = useSearch();
  const size = labelSizeOf(search);
  const ids = labelIdsOf(search);
  const shop = useShop();
  // the barcodes drawn so far: the print button waits for every one (a printout without its bars is no label)
  const [drawn, setDrawn] = useState(0);
  const { data, failed, reload } = useLoad(() => loadItems(ids), LOAD_FAILED, {
    deps: [ids.join(",")],
    onData: () => setDrawn(0),
  });
  const items = data?.items ?? [];
  const bars = items.filter((it) => it.tag).length;
  const ready = !!data && drawn >= bars;
  usePrintPage("labels-printing", items.length ? `اتیکت ${shop.name}` : "");

  return (
    <div className="labels-page stack">
      <PageHeader title="چاپ اتیکت" back={VAULT_PATH} />
      {!ids.length ? (
        <StatusCard icon={<PrintIcon size={40} />} title="کالایی برای چاپ انتخاب نشده است" text="در خزانه کالاها را انتخاب کنید و «چاپ اتیکت» را بزنید." testid="labels-none">
          <Link href={VAULT_PATH} className="btn btn-secondary">
            خزانه
          </Link>
        </StatusCard>
      ) : !data ? (
        <ListPending failed={failed} icon={<PrintIcon size={40} />} title={LOAD_FAILED} onRetry={reload} />
      ) : (
        <>
          <div className="card labels-tools" data-testid="labels-tools">
            <nav className="choice-chips" aria-label="اندازه اتیکت">
              {LABEL_SIZES.map((s) => (
                <Link
                  key={s.value}
                  href={labelsPath(items.length ? items.map((it) => it.id) : ids, s.value)}
                  className="choice-chip"
                  aria-current={size === s.value ? "page" : undefined}
                  data-testid={`labels-size-${s.value}`}
                >
                  {s.label}
                </Link>
              ))}
            </nav>
            <p className="labels-count" data-testid="labels-count">{`${toFaDigits(items.length)} اتیکت`}</p>
            <Button onClick={() => window.print()} busy={!ready} disabled={!items.length} data-testid="labels-print" data-ready={ready ? "yes" : "no"}>
              <PrintIcon size={18} />
              چاپ اتیکت
            </Button>
          </div>
          {data.missing.length > 0 && (
            <p className="card labels-missing" role="alert" data-testid="labels-missing">
              {`کالای ${data.missing.map((id) => `شماره ${toFaDigits(id)}`).join("، ")} پیدا نشد.`}
            </p>
          )}
          {items.length > 0 && (
            <section key={ids.join(",")} className={`labels-sheet size-${size}`} aria-label="اتیکت‌ها" data-testid="labels-sheet" data-size={size}>
              {items.map((it) => (
                <TagLabel key={it.id} item={it} shopName={shortNameOf(shop)} size={size} onImage={() => setDrawn((n) => n + 1)} />
              ))}
            </section>
          )}
        </>
      )}
    </div>
  );
}
