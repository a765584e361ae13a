// The profile's «اطلاع‌رسانی با پیامک» section (issue 18): a switch for each kind of event, each saved at once
// with the whole body (the server refuses a partial one). Verification codes are not among them: always sent.
import { useState } from "react";
import { api, errorText, type SmsSettings } from "../../api";
import { useLoad } from "../../hooks/use-load";
import { SMS_SWITCHES } from "../../lib/notifications";
import "../../styles/notifications.css";
import { toast } from "../ui/toast";

const LOAD_FAILED = "دریافت تنظیمات پیامک انجام نشد";
const SAVE_FAILED = "ذخیره تنظیمات پیامک انجام نشد";

/** NotificationSettings lets the customer choose which events also send a text message. */
export function NotificationSettings() {
  const { data: sms, setData: setSms } = useLoad(async () => (await api.notificationSettings()).sms, LOAD_FAILED);
  const [saving, setSaving] = useState(false);

  const toggle = async (key: keyof SmsSettings, on: boolean) => {
    if (!sms) return;
    const before = sms;
    const next = { ...sms, [key]: on };
    setSms(next);
    setSaving(true);
    try {
      const answer = await api.saveNotificationSettings({ sms: next });
      setSms(answer.settings?.sms ?? next);
      if (answer.message) toast(answer.message, "success");
    } catch (err) {
      setSms(before);
      toast(errorText(err, SAVE_FAILED), "error");
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card sms-settings" aria-labelledby="sms-settings-title" data-testid="sms-settings">
      <h2 id="sms-settings-title" className="section-title">اطلاع‌رسانی با پیامک</h2>
      {SMS_SWITCHES.map(({ key, label }) => (
        <label key={key} className="sms-switch">
          <span>{label}</span>
          <input
            type="checkbox"
            role="switch"
            checked={sms?.[key] ?? false}
            disabled={!sms || saving}
            onChange={(e) => void toggle(key, (e.currentTarget as HTMLInputElement).checked)}
            data-testid={`sms-${key}`}
          />
        </label>
      ))}
      <p className="sms-note">کدهای تایید همیشه با پیامک فرستاده می‌شوند.</p>
    </section>
  );
}
