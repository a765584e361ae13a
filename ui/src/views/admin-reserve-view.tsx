// The owner's reserve panel (issue 17): gold owed against gold held with the room a buy still has, the level's
// banner, what the vault holds by kind and by state, this month at the counter (issue 39), the guard's margin
// and switch; then the shop's rial at its banks against what it owes its customers in rial. Two calls, each with
// its own retry, so a failed one hides only its own half.
import { api } from "../api";
import { ListPending } from "../components/ui/list-pending";
import { BankBalancesSection } from "../components/bank/bank-balances";
import { CoinsIcon, ShieldIcon } from "../components/ui/icons";
import { ReserveFigures } from "../components/reserve/reserve-figures";
import { ReserveNotice } from "../components/reserve/reserve-notice";
import { ReserveSettingsForm } from "../components/reserve/reserve-settings-form";
import { StockFigures } from "../components/reserve/stock-figures";
import { VaultComposition } from "../components/holdings/vault-composition";
import { LinkButton, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { RESERVE_MESSAGES as M } from "../lib/reserve-panel";
import "../styles/admin.css";
import "../styles/reserve-panel.css";
import { adminApi } from "../api-admin";

/** AdminReserveView is /admin-reserve_page. */
export default function AdminReserveView() {
  const reserve = useLoad(() => api.reservePanel(), M.loadFailed);
  const banks = useLoad(() => adminApi.bankBalances(), M.banksFailed);
  const panel = reserve.data;

  return (
    <div className="admin-page wide-screen stack reserve-page">
      <PageHeader title="پشتوانه طلا و ریال" />

      {panel === null ? (
        <ListPending failed={reserve.failed} icon={<ShieldIcon size={40} />} title={M.loadFailed} onRetry={reserve.reload} />
      ) : (
        <>
          <ReserveNotice level={panel.level} guardEnabled={panel.guard_enabled} />
          <section className="stack" aria-labelledby="gold-title">
            <h2 id="gold-title" className="section-title reserve-section-title">
              پشتوانه طلایی
            </h2>
            <ReserveFigures panel={panel} />
          </section>

          <section className="card stack reserve-vault" aria-labelledby="vault-title" data-testid="reserve-composition">
            <div className="section-head">
              <h2 id="vault-title" className="section-title">
                موجودی خزانه
              </h2>
              <LinkButton href="/admin-vault_page" variant="ghost">
                خزانه
              </LinkButton>
            </div>
            <VaultComposition totals={panel.composition} testid="reserve-kind" />
          </section>

          <StockFigures panel={panel} />

          <ReserveSettingsForm key={`${panel.margin_percent}:${panel.guard_enabled}`} settings={panel} onSaved={reserve.reload} />
        </>
      )}

      {banks.data === null ? (
        <ListPending failed={banks.failed} icon={<CoinsIcon size={40} />} title={M.banksFailed} onRetry={banks.reload} />
      ) : (
        <BankBalancesSection data={banks.data} busy={banks.loading} onSaved={banks.reload} />
      )}
    </div>
  );
}
