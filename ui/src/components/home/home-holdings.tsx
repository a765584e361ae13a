// What the signed-in home opens with (issue 40): the customer's gold and its worth at their sell price now, the
// rial balance, and how the gold's worth moved since yesterday's close. It loads on its own (home-view.tsx keeps
// its box, sized in home.css, so nothing moves when it comes); the sell price is asked again whenever the live
// price the header polls changes, so the worth follows the header.
import { useEffect, useState } from "react";
import { api, type Balances } from "../../api";
import { useGoldPrice } from "../../hooks/use-gold-price";
import { changeWords, closingBase, goldWorth, tehranMidnight, worthChange } from "../../lib/holdings-worth";
import { recall } from "../../lib/last-known";
import { formatGold, formatRial } from "../../lib/money";

/** HomeHoldings is the holdings' figures inside the welcome card. */
export default function HomeHoldings() {
  const { price: base, loaded } = useGoldPrice();
  const [balances, setBalances] = useState<Balances | null>(() => recall("balances")?.value ?? null);
  const [sell, setSell] = useState<string | null | undefined>(() => recall("myPrices")?.value.sell_price);
  // undefined until the history answers; null when the shop has no price from before today
  const [close, setClose] = useState<string | null | undefined>(undefined);

  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api.balances().then(setBalances, () => setFailed(true));
    api.priceHistory(2).then((h) => setClose(closingBase(h, tehranMidnight(new Date()))), () => setClose(null));
  }, []);
  useEffect(() => {
    // no price yet (a new shop): no worth; a failed ask keeps what was shown, or none
    if (base !== null) api.myPrices().then((p) => setSell(p.sell_price), () => setSell((s) => s ?? null));
    else if (loaded) setSell(null);
  }, [base, loaded]);

  if (!balances && failed) return <p className="holdings-failed">موجودی شما دریافت نشد؛ کمی بعد دوباره سر بزنید.</p>;
  // the figures come together, into the box kept for them: new lines move nothing, changed ones would
  if (!balances || sell === undefined || close === undefined) return <dl className="holdings" aria-busy="true" />;
  const gold = balances.balance_gold;
  const worth = goldWorth(gold, sell);
  const change = worthChange(gold, base, close);
  const moved = change === null ? null : changeWords(change, formatRial);
  return (
    <dl className="holdings" aria-label="دارایی شما" data-testid="home-holdings">
      <div className="holding">
        <dt>طلای شما</dt>
        <dd data-testid="holdings-gold">{`${formatGold(gold)} گرم`}</dd>
      </div>
      <div className="holding">
        <dt>ارزش به قیمت فروش</dt>
        <dd data-testid="holdings-worth" data-value={worth == null ? "" : String(worth)}>
          {worth === null ? "—" : `${formatRial(String(worth))} ریال`}
        </dd>
      </div>
      <div className="holding">
        <dt>موجودی ریالی</dt>
        <dd data-testid="holdings-rial">{`${formatRial(balances.balance_rial)} ریال`}</dd>
      </div>
      <div className="holding">
        <dt>تغییر از دیروز</dt>
        <dd className={moved ? `holding-move is-${moved.direction}` : undefined} data-testid="holdings-change" data-direction={moved?.direction ?? ""} data-value={change == null ? "" : String(change)}>
          {moved ? moved.text : "—"}
        </dd>
      </div>
    </dl>
  );
}
