// The shop's logo on its settings screen: the logo now (or the built-in mark), a picked picture's preview, and
// its upload with progress. The server makes every size from it.
import { useRef, useState } from "react";
import { errorText, type AdminShop } from "../../api";
import { usePickedFile } from "../../hooks/use-picked-file";
import { toFaDigits } from "../../lib/digits";
import { formatFileSize } from "../../lib/money";
import { logoAt } from "../../lib/shop";
import { LOGO_TYPES, logoError, SHOP_MESSAGES as M } from "../../lib/shop-form";
import { UploadIcon } from "../ui/icons";
import { LogoMark } from "../shell/logo";
import { toast } from "../ui/toast";
import { Button } from "../ui";
import { adminApi } from "../../api-admin";
import { FilePicker } from "../ui/file-picker";

/** PREVIEW is the drawn size of the logo on this screen. */
const PREVIEW = 96;

/** ShopLogoUpload shows the logo and replaces it; onUploaded gets the server's answer. */
export function ShopLogoUpload({ logoUrl, onUploaded }: { logoUrl: string; onUploaded: (shop: AdminShop) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { file, setFile, preview, pick } = usePickedFile((f) => setError(logoError(f)));

  const upload = async () => {
    if (!file || progress !== null) return;
    const bad = logoError(file);
    if (bad) return setError(bad);
    setProgress(0);
    try {
      const shop = await adminApi.uploadLogo(file, setProgress);
      toast(M.logoSaved, "success");
      setFile(null);
      if (input.current) input.current.value = "";
      onUploaded(shop);
    } catch (err) {
      toast(errorText(err, M.logoFailed), "error", 5000);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const current = logoAt(logoUrl, PREVIEW);
  return (
    <section className="card stack" aria-labelledby="logo-title" data-testid="shop-logo-card">
      <h2 id="logo-title" className="section-title">
        لوگوی فروشگاه
      </h2>
      <div className="logo-row">
        <div className="logo-box">
          {preview ? (
            <img src={preview} width={PREVIEW} height={PREVIEW} alt="پیش‌نمایش لوگوی تازه" data-testid="logo-preview" />
          ) : current ? (
            <img src={current} width={PREVIEW} height={PREVIEW} alt="لوگوی کنونی فروشگاه" data-testid="logo-current" />
          ) : (
            <LogoMark size={PREVIEW} />
          )}
        </div>
        <div className="logo-side">
          <p className="muted small">
            {current || preview
              ? "این لوگو در سربرگ، منو، صفحه ورود و صفحه اصلی گوشی مشتریان دیده می‌شود."
              : "هنوز لوگویی بارگذاری نشده است؛ تا آن زمان نشان پیش‌فرض نمایش داده می‌شود."}
          </p>
          <FilePicker
            id="shop-logo"
            label="تصویر لوگو"
            error={error}
            accept={LOGO_TYPES.join(",")}
            disabled={uploading}
            picked={!!file}
            onPick={pick}
            inputRef={input}
            testid="logo-input"
          >
            <span className="receipt-text">
              <span className="receipt-title">{file ? "تصویر انتخاب شد" : "انتخاب تصویر لوگو"}</span>
              <span className="receipt-sub">{file ? formatFileSize(file.size) : "تصویر مربعی پی‌ان‌جی، جی‌پگ یا وب‌پی، حداکثر ۲ مگابایت"}</span>
            </span>
            <span className="receipt-action" aria-hidden="true">
              <UploadIcon size={20} />
            </span>
          </FilePicker>
          {file && (
            <Button onClick={upload} busy={uploading} disabled={!!error} data-testid="logo-upload">
              {uploading ? `در حال بارگذاری ${toFaDigits(progress ?? 0)}٪` : "بارگذاری لوگو"}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
