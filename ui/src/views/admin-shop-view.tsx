// The shop's own settings (owner only): the name customers see everywhere, the short name for tight places,
// how to reach the shop, a word about it, its licence line, how many receipts and chat files a customer may
// send in a day, its tax identity for the counter's invoices (issue 38), and its logo. A save shows at once on every screen.
import { useEffect, useState, type FormEvent } from "react";
import { errorText, type AdminShop } from "../api";
import { ListPending } from "../components/ui/list-pending";
import { StoreIcon } from "../components/ui/icons";
import { PhoneListField } from "../components/ui/phone-list-field";
import { ShopLogoUpload } from "../components/shop/shop-logo-upload";
import { TextAreaField } from "../components/ui/text-area-field";
import { toast } from "../components/ui/toast";
import { Button, Field, PageHeader } from "../components/ui";
import { useLoad } from "../hooks/use-load";
import { toFaDigits as faDigits } from "../lib/digits";
import { setShop } from "../hooks/use-shop";
import { checkShopForm, SHOP_LIMITS, SHOP_MESSAGES as M, shopFormOf, type ShopFormErrors, type ShopFormState } from "../lib/shop-form";
import "../styles/admin.css";
import "../styles/owner.css";
import { adminApi } from "../api-admin";

/** AdminShopView is /admin-shop_page. */
export default function AdminShopView() {
  const { data, failed, reload } = useLoad(() => adminApi.adminShop(), M.loadFailed);
  const [shop, setLocal] = useState<AdminShop | null>(null);
  useEffect(() => setLocal(data), [data]);

  const saved = (answer: AdminShop) => {
    setLocal(answer);
    setShop(answer);
  };

  return (
    <div className="admin-page stack owner-page">
      <PageHeader title="تنظیمات فروشگاه" />
      {shop ? (
        <>
          <ShopForm key={String(shop.configured)} shop={shop} onSaved={saved} />
          <ShopLogoUpload logoUrl={shop.logo_url} onUploaded={saved} />
        </>
      ) : (
        <ListPending failed={failed} icon={<StoreIcon size={40} />} title={M.loadFailed} onRetry={reload} />
      )}
    </div>
  );
}

function ShopForm({ shop, onSaved }: { shop: AdminShop; onSaved: (s: AdminShop) => void }) {
  const [form, setForm] = useState<ShopFormState>(() => shopFormOf(shop));
  const [errors, setErrors] = useState<ShopFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: Exclude<keyof ShopFormState, "phones">) => (v: string) => {
    setForm((f) => ({ ...f, [key]: v }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { errors: errs, body } = checkShopForm(form);
    setErrors(errs);
    if (!body || busy) return;
    setBusy(true);
    try {
      const answer = await adminApi.saveShop(body);
      toast(M.saved, "success");
      onSaved(answer);
    } catch (err) {
      toast(errorText(err, M.saveFailed), "error", 5000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="shop-form-title" data-testid="shop-form">
      <h2 id="shop-form-title" className="section-title">
        مشخصات فروشگاه
      </h2>
      {!shop.configured && (
        <p className="form-intro" data-testid="shop-first-run">
          نام و نشانی فروشگاه خود را وارد کنید؛ مشتریان این نام را در همه صفحه‌ها، پیامک‌ها و صفحه اصلی گوشی خود می‌بینند.
        </p>
      )}
      <div className="form-row">
        <Field label="نام فروشگاه" value={form.name} onValue={set("name")} error={errors.name} maxLength={SHOP_LIMITS.name + 10} autoComplete="organization" hint="حداکثر ۶۰ نویسه" data-testid="shop-name" />
        <Field
          label="نام کوتاه"
          value={form.short_name}
          onValue={set("short_name")}
          error={errors.short_name}
          maxLength={SHOP_LIMITS.short_name + 5}
          autoComplete="off"
          hint="حداکثر ۱۲ نویسه؛ در سربرگ گوشی و زیر نماد برنامه"
          data-testid="shop-short-name"
        />
      </div>
      <PhoneListField phones={form.phones} onPhones={(phones) => (setForm((f) => ({ ...f, phones })), setErrors((e) => ({ ...e, phones: undefined })))} errors={errors.phones} />
      <TextAreaField label="نشانی" value={form.address} onValue={set("address")} rows={2} data-testid="shop-address" />
      <Field label="ساعات کاری" value={form.hours} onValue={set("hours")} placeholder="شنبه تا پنجشنبه، ۱۰ تا ۲۰" autoComplete="off" data-testid="shop-hours" />
      <TextAreaField label="درباره فروشگاه" value={form.about} onValue={set("about")} rows={4} hint="در صفحه «درباره ما» نمایش داده می‌شود." data-testid="shop-about" />
      <Field label="مجوز یا نماد اعتماد (اختیاری)" value={form.licence} onValue={set("licence")} autoComplete="off" placeholder="دارای نماد اعتماد الکترونیکی" data-testid="shop-licence" />
      <fieldset className="quota-fields" data-testid="shop-tax">
        <legend className="field-label">شناسه‌های مالیاتی (روی فاکتور پیشخوان)</legend>
        <div className="form-row">
          <Field label="کد اقتصادی" value={faDigits(form.economic_code)} onValue={set("economic_code")} error={errors.economic_code} inputMode="numeric" autoComplete="off" maxLength={20} hint="۱۰ تا ۱۴ رقم" dir="ltr" data-testid="shop-economic-code" />
          <Field label="شناسه ملی" value={faDigits(form.national_id)} onValue={set("national_id")} error={errors.national_id} inputMode="numeric" autoComplete="off" maxLength={15} hint="۱۱ رقم؛ یا کد ملی ۱۰ رقمی" dir="ltr" data-testid="shop-national-id" />
          <Field label="کد پستی" value={faDigits(form.postal_code)} onValue={set("postal_code")} error={errors.postal_code} inputMode="numeric" autoComplete="postal-code" maxLength={15} hint="۱۰ رقم" dir="ltr" data-testid="shop-postal-code" />
        </div>
      </fieldset>
      <fieldset className="quota-fields">
        <legend className="field-label">سقف ارسال روزانه هر مشتری</legend>
        <div className="form-row">
          <Field label="رسید واریز" value={faDigits(form.receipts_per_day)} onValue={set("receipts_per_day")} error={errors.receipts_per_day} inputMode="numeric" autoComplete="off" maxLength={4} hint="در هر روز" data-testid="shop-receipts-per-day" />
          <Field label="فایل گفتگو" value={faDigits(form.chat_files_per_day)} onValue={set("chat_files_per_day")} error={errors.chat_files_per_day} inputMode="numeric" autoComplete="off" maxLength={4} hint="در هر روز" data-testid="shop-chat-files-per-day" />
        </div>
      </fieldset>
      <Button type="submit" busy={busy} className="btn-block" data-testid="shop-save">
        ذخیره تنظیمات
      </Button>
    </form>
  );
}
