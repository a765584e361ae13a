// What the vault holds, by kind: the count and the 750-equivalent of each, drawn as the vault screen's
// totals are (vault.css), every kind in the vault's order so the grid never jumps.
import type { VaultTotal } from "../../api";
import { toFaDigits } from "../../lib/digits";
import { formatGold } from "../../lib/money";
import { composition } from "../../lib/reserve-panel";
import { vaultKindLabel } from "../../lib/vault";
import "../../styles/abshodeh.css";
import "../../styles/vault.css";

/** VaultComposition lists each kind's count and weight at 750; testid prefixes each kind's `-<kind>`. */
export function VaultComposition({ totals, testid }: { totals: readonly VaultTotal[] | null | undefined; testid: string }) {
  return (
    <dl className="vault-kinds">
      {composition(totals).map((t) => (
        <div key={t.kind} data-testid={`${testid}-${t.kind}`} data-count={t.count}>
          <dt className="bar-figure-label">{vaultKindLabel(t.kind)}</dt>
          <dd>
            <span className="vault-count">{`${toFaDigits(t.count)} عدد`}</span>
            <span className="vault-kind-750">{`${formatGold(t.weight750)} گرم`}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
