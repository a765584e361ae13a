// /deposit-withdraw_page: the balances, then a deposit tab (amount and receipt) and a withdraw tab
// (pending withdraws, amount and bank card).
import { useEffect, useState, type KeyboardEvent } from "react";
import { Link } from "wouter";
import { api, lastKnown } from "../api";
import { DepositForm } from "../components/wallet/deposit-form";
import { ChevronIcon, ReceiptIcon } from "../components/ui/icons";
import { NotCurrent } from "../components/shell/not-current";
import { PageHeader } from "../components/ui";
import { lazy } from "../components/shell/lazy";
import { useLoad } from "../hooks/use-load";
import { useOffline } from "../hooks/use-offline";
import { afterIdle } from "../lib/after-idle";
import { recall } from "../lib/last-known";
import { formatGold, formatRial } from "../lib/money";
import { notCurrentText } from "../lib/not-current-text";
import { WALLET_MESSAGES as M } from "../lib/wallet";
import "../styles/wallet.css";

type Tab = "deposit" | "withdraw";

// the withdraw tab's code (cards, banks, a new card's code step) comes when the tab is chosen, or once the
// page is done: the deposit tab opens first
const WithdrawPanel = lazy(async () => ({ default: (await import("../components/wallet/withdraw-panel")).WithdrawPanel }));

const TABS: { key: Tab; label: string }[] = [
  { key: "deposit", label: "واریز" },
  { key: "withdraw", label: "برداشت" },
];

/** WalletView is /deposit-withdraw_page; ?tab=withdraw opens the withdraw tab. */
export default function WalletView() {
  const [tab, setTab] = useState<Tab>(() => (new URLSearchParams(location.search).get("tab") === "withdraw" ? "withdraw" : "deposit"));
  // the balances paint at once from what this phone last saw, if anything, dimmed until the live answer
  const [start] = useState(() => recall("balances"));
  // when the shown balances arrived, and whether they are the phone's remembered ones rather than a live answer
  const [receivedAt, setReceivedAt] = useState(start?.at ?? 0);
  const [recalled, setRecalled] = useState(!!start);
  const offline = useOffline();
  const {
    data: balances,
    setData: setBalances,
    failed,
    refresh: loadBalances,
  } = useLoad(() => api.balances(), M.balancesFailed, {
    initial: start?.value ?? null,
    onData: () => {
      setReceivedAt(Date.now());
      setRecalled(false);
    },
    onError: (err) => {
      // without a connection the remembered balances stand in, marked; the banner already says why
      const known = lastKnown("balances", err);
      if (!known) {
        // a refused or broken answer is an error to show (useLoad's toast), not a reason for the remembered figures
        if (recalled) {
          setBalances(null);
          setRecalled(false);
        }
        return false;
      }
      setBalances(known.value);
      setReceivedAt(known.at);
      setRecalled(true);
      return true;
    },
  });
  useEffect(() => afterIdle(WithdrawPanel.preload), []);
  // back online: the remembered balances give way to live ones at once
  useEffect(() => {
    if (!offline && recalled) void loadBalances();
  }, [offline]);
  const notCurrent = balances !== null && (offline || recalled);
  // said in words only when the live answer cannot come (offline, or it failed): a load in progress just dims
  const sayNotCurrent = notCurrent && (offline || failed);

  // arrow keys move between the two tabs, as in any tab list
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const next: Tab = tab === "deposit" ? "withdraw" : "deposit";
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <div className="wallet">
      <PageHeader title="کیف پول (واریز و برداشت)" />
      <div className={`balances wallet-balances${notCurrent ? " is-not-current" : ""}`}>
        <div className="card balance">
          <span className="balance-label">موجودی ریالی</span>
          <span className="balance-value">
            <span data-testid="wallet-balance-rial">{balances ? formatRial(balances.balance_rial) : "…"}</span>
            <span className="balance-unit">ریال</span>
          </span>
          <span className="balance-available">
            قابل استفاده: <span data-testid="wallet-available-rial">{balances ? formatRial(balances.available_rial) : "…"}</span> ریال
          </span>
        </div>
        <div className="card balance balance-gold">
          <span className="balance-label">موجودی طلا</span>
          <span className="balance-value">
            <span data-testid="wallet-balance-gold">{balances ? formatGold(balances.balance_gold) : "…"}</span>
            <span className="balance-unit">گرم</span>
          </span>
          <span className="balance-available">
            قابل استفاده: <span data-testid="wallet-available-gold">{balances ? formatGold(balances.available_gold) : "…"}</span> گرم
          </span>
        </div>
      </div>
      {sayNotCurrent && (
        <p className="not-current-line">
          <NotCurrent text={notCurrentText(receivedAt)} />
        </p>
      )}

      <div className="tabs wallet-tabs" role="tablist" aria-label="واریز یا برداشت" onKeyDown={onKey}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            className="tab"
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            onClick={() => setTab(t.key)}
            data-testid={`tab-${t.key}`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "deposit" ? <DepositForm onDone={loadBalances} /> : <WithdrawPanel balances={balances} onDone={loadBalances} />}
      </div>

      <Link href="/wallet-requests_page" className="card menu-link wallet-requests-link" data-testid="wallet-requests-link">
        <ReceiptIcon />
        <span>پیگیری درخواست‌های کیف پول من</span>
        <ChevronIcon size={20} />
      </Link>
    </div>
  );
}
