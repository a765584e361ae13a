// The trade screen's line of what is left today under the customer's daily limits (issue 29), for the side
// shown; nothing at all when no limit applies to it, as for most customers. The screen loads this part in a
// chunk of its own once the page is done, so it costs the screen's first load nothing.
import type { TradeType } from "../../api";
import { useLoad } from "../../hooks/use-load";
import { leftText, myDailyLimits } from "../../lib/daily-limits";

type Props = {
  type: TradeType;
  /** trades counts the trades made on the screen: each one loads the line again. */
  trades: number;
};

/** DailyLimitHint is the line, or nothing; a failed load says nothing (the server refuses past a limit). */
export function DailyLimitHint({ type, trades }: Props) {
  const { data } = useLoad(myDailyLimits, "", { deps: [trades], onError: () => true });
  const text = data && leftText(type, data);
  return text ? (
    <p className="field-hint center" data-testid="trade-daily-left">
      {text}
    </p>
  ) : null;
}
