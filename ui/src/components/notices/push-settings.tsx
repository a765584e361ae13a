// The profile's «اعلان روی گوشی» section (issue 18): Web Push on this phone, where the browser has it. It is an
// extra: the bell and the SMS tell the customer everything without it.
import { useEffect, useState } from "react";
import { errorText } from "../../api";
import { platform, pushState, pushSupport, turnPushOff, turnPushOn, type PushState } from "../../lib/push";
import "../../styles/notifications.css";
import { toast } from "../ui/toast";

const ON_FAILED = "روشن کردن اعلان روی این گوشی انجام نشد";
const OFF_FAILED = "خاموش کردن اعلان روی این گوشی انجام نشد";
const NOTES = {
  unsupported: "این مرورگر اعلان روی گوشی ندارد؛ اعلان‌ها در برنامه و با پیامک می‌رسند.",
  "install-first": "در آیفون، اول برنامه را به صفحه اصلی اضافه کنید و اعلان را از همان‌جا روشن کنید.",
  denied: "اجازه اعلان در تنظیمات مرورگر بسته است؛ برای روشن کردن، آن را در تنظیمات باز کنید.",
};

/** PushSettings is the switch for notifications on this phone's screen. */
export function PushSettings() {
  const [support] = useState(() => pushSupport(platform()));
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support !== "supported") return;
    let alive = true;
    pushState().then((s) => alive && setState(s), () => alive && setState("off"));
    return () => void (alive = false);
  }, [support]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setState(await (on ? turnPushOn() : turnPushOff()));
    } catch (err) {
      toast(errorText(err, on ? ON_FAILED : OFF_FAILED), "error");
    } finally {
      setBusy(false);
    }
  };

  const note = support !== "supported" ? NOTES[support] : state === "denied" ? NOTES.denied : null;
  return (
    <section className="card sms-settings" aria-labelledby="push-settings-title" data-testid="push-settings">
      <h2 id="push-settings-title" className="section-title">اعلان روی گوشی</h2>
      {support === "supported" && (
        <label className="sms-switch">
          <span>خبر رویدادها روی صفحه همین گوشی</span>
          <input
            type="checkbox"
            role="switch"
            checked={state === "on"}
            disabled={state === null || state === "denied" || busy}
            onChange={(e) => void toggle((e.currentTarget as HTMLInputElement).checked)}
            data-testid="push-switch"
          />
        </label>
      )}
      {note && (
        <p className="sms-note" data-testid="push-note">
          {note}
        </p>
      )}
    </section>
  );
}
