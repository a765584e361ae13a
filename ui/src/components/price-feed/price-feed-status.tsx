// What «قیمت خودکار» last did (issue 40), under its settings: the state in words, the source's last value beside
// the shop's base price and who set it, a failure and since when, a held value to apply or drop, a hand price's
// pause to end, and «آزمایش اکنون»: one fetch with the saved settings, saying what it would do, applying nothing.
import { useState } from "react";
import { errorText } from "../../api";
import { feedApi } from "../../api-price-feed";
import type { FeedStatus, FeedTrial } from "../../api-types";
import { formatJalaliDateTime } from "../../lib/jalali";
import { formatRial } from "../../lib/money";
import { feedState, FEED_MESSAGES as M, pausedNow, sourceName, verdictWords } from "../../lib/price-feed";
import { StatusBadge } from "../ui/status-badge";
import { toast } from "../ui/toast";
import { Button } from "../ui";

type Props = {
  status: FeedStatus;
  /** onChanged runs after an action the server took: the screen asks the status and the prices again. */
  onChanged: (watch: boolean) => void;
};

type Action = "apply" | "keep" | "resume" | "test";

const rial = (v: string | null | undefined) => (v ? `${formatRial(v)} ریال` : "—");
const when = (at: string | null | undefined) => (at ? formatJalaliDateTime(at) : "—");

/** FeedStatusPanel is the feed's status with its actions. */
export function FeedStatusPanel({ status: s, onChanged }: Props) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [trial, setTrial] = useState<FeedTrial | null>(null);
  const state = feedState(s.state);

  const act = async (a: Exclude<Action, "test">) => {
    if (busy) return;
    setBusy(a);
    try {
      const answer = await feedApi[a]();
      toast(answer.message || "انجام شد", "success");
      onChanged(a === "resume");
    } catch (err) {
      toast(errorText(err, M.actionFailed), "error", 5000);
      onChanged(false);
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    if (busy) return;
    setBusy("test");
    setTrial(null);
    try {
      setTrial(await feedApi.test());
    } catch (err) {
      toast(errorText(err, M.actionFailed), "error", 5000);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="feed-status" aria-labelledby="feed-status-title" data-testid="feed-status" data-state={s.state}>
      <div className="feed-status-head">
        <h3 id="feed-status-title" className="feed-legend">
          وضعیت
        </h3>
        <StatusBadge tone={state.tone} testid="feed-state">
          {state.text}
        </StatusBadge>
      </div>

      {s.state === "failing" && (
        <p className="feed-banner is-bad" role="alert" data-testid="feed-failing">
          {`منبع قیمت از ${when(s.failing_since)} پاسخ درستی نمی‌دهد: ${s.last_error || "خطای نامشخص"}. قیمت پایه همان قیمت قبلی است.`}
        </p>
      )}
      {s.state === "stale" && (
        <p className="feed-banner is-bad" data-testid="feed-stale">
          قیمت پایه فروشگاه کهنه شده است و تا قیمت تازه‌ای ثبت شود، معامله انجام نمی‌شود.
        </p>
      )}
      {s.held && (
        <div className="feed-banner is-warn" data-testid="feed-held" data-base={s.held.base}>
          <p>
            {"قیمت تازهٔ منبع "}
            <strong>{rial(s.held.value)}</strong>
            {` (${when(s.held.value_at)}) قیمت پایه را به `}
            <strong data-testid="feed-held-base">{rial(s.held.base)}</strong>
            {" می‌برد؛ این تغییر بیش از بیشترین جهش است و تا تأیید شما اعمال نمی‌شود."}
          </p>
          <div className="feed-actions">
            <Button className="btn-sm" busy={busy === "apply"} onClick={() => act("apply")} data-testid="feed-apply">
              اعمال
            </Button>
            <Button variant="secondary" className="btn-sm" busy={busy === "keep"} onClick={() => act("keep")} data-testid="feed-keep">
              نگه داشتن قیمت فعلی
            </Button>
          </div>
        </div>
      )}
      {pausedNow(s) && (
        <div className="feed-banner" data-testid="feed-paused">
          <p>{`قیمت دستی شما تا ${when(s.paused_until)} اعمال می‌شود و تا آن زمان قیمت خودکار کنار است.`}</p>
          <div className="feed-actions">
            <Button variant="secondary" className="btn-sm" busy={busy === "resume"} onClick={() => act("resume")} data-testid="feed-resume">
              ادامهٔ قیمت خودکار
            </Button>
          </div>
        </div>
      )}

      <dl className="feed-figures">
        <div>
          <dt>آخرین قیمت منبع (هر گرم ۷۵۰)</dt>
          <dd data-testid="feed-last-value" data-value={s.last_value ?? ""}>
            {rial(s.last_value)}
            {s.last_value_at && <span className="feed-when">{when(s.last_value_at)}</span>}
          </dd>
        </div>
        <div>
          <dt>قیمت پایه فروشگاه</dt>
          <dd data-testid="feed-applied" data-value={s.applied_price ?? ""}>
            {rial(s.applied_price)}
            {s.applied_price && (
              <span className="feed-when" data-testid="feed-applied-by" data-by={s.applied_by}>
                {`${sourceName(s.applied_by)}، ${when(s.applied_at)}`}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>آخرین دریافت از منبع</dt>
          <dd data-testid="feed-last-fetch">{when(s.last_fetch_at)}</dd>
        </div>
        {s.last_error && s.state !== "failing" && (
          <div>
            <dt>آخرین خطا</dt>
            <dd className="feed-error" data-testid="feed-last-error">
              {s.last_error}
            </dd>
          </div>
        )}
      </dl>

      <div className="feed-trial-row">
        <Button variant="secondary" busy={busy === "test"} onClick={test} data-testid="feed-test">
          آزمایش اکنون
        </Button>
        <span className="muted small">با تنظیمات ذخیره‌شده یک بار از منبع می‌خواند و فقط نشان می‌دهد؛ چیزی ثبت نمی‌شود.</span>
      </div>
      {trial && <Trial trial={trial} />}
    </section>
  );
}

function Trial({ trial }: { trial: FeedTrial }) {
  const v = verdictWords(trial.verdict);
  return (
    <div className={`feed-trial tone-${v.tone}`} role="status" data-testid="feed-trial" data-verdict={trial.verdict} data-base={trial.base ?? ""}>
      <p>
        <StatusBadge tone={v.tone}>{v.text}</StatusBadge>
      </p>
      {trial.message && <p data-testid="feed-trial-message">{trial.message}</p>}
      {trial.value && (
        <dl className="feed-figures">
          <div>
            <dt>قیمت منبع</dt>
            <dd data-testid="feed-trial-value">
              {rial(trial.value)}
              {trial.value_at && <span className="feed-when">{when(trial.value_at)}</span>}
            </dd>
          </div>
          {trial.base && (
            <div>
              <dt>قیمت پایه‌ای که می‌شد</dt>
              <dd data-testid="feed-trial-base">{rial(trial.base)}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
