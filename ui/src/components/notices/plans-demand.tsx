// The owner's view of the savings plans (issue 29) on /admin-notices_page: how many are active and the rial
// they buy in a day (never whose), and the shop-wide switch that skips every run while it is off.
import { useState } from "react";
import { errorText } from "../../api";
import { adminApi, type PlansDemand as Demand } from "../../api-admin";
import { useLoad } from "../../hooks/use-load";
import { faNumber, formatRial } from "../../lib/money";
import { Figure } from "../ui/amounts";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { CoinsIcon } from "../ui/icons";
import { ListPending } from "../ui/list-pending";
import { toast } from "../ui/toast";
import { Button } from "../ui";

const FAILED = "خطا در دریافت طرح‌های پس‌انداز";

export function PlansDemand() {
  const plans = useLoad(() => adminApi.plans(), FAILED);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const d = plans.data;
  if (d === null) return <ListPending failed={plans.failed} icon={<CoinsIcon size={40} />} title={FAILED} onRetry={plans.reload} />;

  const flip = async (d: Demand) => {
    setBusy(true);
    try {
      plans.setData(await adminApi.setPlans(!d.enabled));
      toast(d.enabled ? "طرح‌های پس‌انداز خاموش شد" : "طرح‌های پس‌انداز روشن شد", "success");
      setAsking(false);
    } catch (err) {
      toast(errorText(err, "تغییر طرح‌های پس‌انداز ناموفق بود"), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="stack" aria-labelledby="plans-title" data-testid="plans-demand" data-enabled={String(d.enabled)}>
      <h2 id="plans-title" className="section-title notices-title">
        طرح‌های پس‌انداز مشتریان
      </h2>
      <div className="figures">
        <Figure label="طرح فعال" tone="in" valueTestid="plans-active">
          {faNumber(String(d.active))}
        </Figure>
        <Figure label="خرید روزانه، تقریبی" tone="rial" valueTestid="plans-rial-per-day">
          {`${formatRial(d.rial_per_day)} ریال`}
        </Figure>
      </div>
      <p className="muted small">
        {d.enabled
          ? "طرح‌ها در نوبت خود خرید می‌کنند. فقط تعداد و جمع؛ نام مشتریان نشان داده نمی‌شود."
          : "طرح‌ها خاموش‌اند: هر نوبت بدون خرید می‌گذرد و دلیلش به مشتری گفته می‌شود."}
      </p>
      <Button variant={d.enabled ? "secondary" : "primary"} onClick={() => setAsking(true)} data-testid="plans-switch">
        {d.enabled ? "خاموش کردن طرح‌ها" : "روشن کردن طرح‌ها"}
      </Button>
      {asking && (
        <ConfirmDialog
          title={d.enabled ? "خاموش کردن طرح‌های پس‌انداز" : "روشن کردن طرح‌های پس‌انداز"}
          yes={d.enabled ? "بله، خاموش شود" : "بله، روشن شود"}
          danger={d.enabled}
          busy={busy}
          onConfirm={() => flip(d)}
          onClose={() => setAsking(false)}
          testid="plans-switch"
        >
          {d.enabled ? "تا دوباره روشن نکنید، هیچ طرحی خرید نمی‌کند." : "طرح‌های فعال از نوبت بعد دوباره خرید می‌کنند."}
        </ConfirmDialog>
      )}
    </section>
  );
}
