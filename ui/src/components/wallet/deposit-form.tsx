// The deposit tab: an amount and a photo of the bank receipt, sent with upload progress over the form.
import { useRef, useState, type FormEvent } from "react";
import { api, errorText } from "../../api";
import { useOffline } from "../../hooks/use-offline";
import { usePickedFile } from "../../hooks/use-picked-file";
import { useIdempotencyKey } from "../../hooks/use-idempotency-key";
import { toFaDigits } from "../../lib/digits";
import { formatFileSize } from "../../lib/money";
import { amountError, RECEIPT_TYPES, receiptError, WALLET_MESSAGES as M } from "../../lib/wallet";
import { AmountField } from "../ui/amount-field";
import { UploadIcon } from "../ui/icons";
import { OfflineNote } from "../shell/offline-banner";
import { toast } from "../ui/toast";
import { Button } from "../ui";
import { FilePicker } from "../ui/file-picker";
import "../../styles/wallet.css";


/** DepositForm sends a deposit request; onDone runs after the server took it. */
export function DepositForm({ onDone }: { onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<{ amount?: string | null; receipt?: string | null }>({});
  // null while no upload runs; 0..100 while the receipt travels
  const [progress, setProgress] = useState<number | null>(null);
  // closing the picker without a choice keeps the one chosen before
  const { file, setFile, preview, pick } = usePickedFile((f) => setErrors((x) => ({ ...x, receipt: receiptError(f) })));
  const [key, renewKey] = useIdempotencyKey([amount, file]);
  const input = useRef<HTMLInputElement>(null);
  const offline = useOffline();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (progress !== null || offline) return;
    const errs = { amount: amountError(amount), receipt: receiptError(file) };
    setErrors(errs);
    if (errs.amount || errs.receipt || !file) return;
    setProgress(0);
    try {
      const answer = await api.deposit(amount, file, setProgress, key);
      toast(answer?.message || M.depositDone, "success", 5000);
      setAmount("");
      setFile(null);
      if (input.current) input.current.value = "";
      renewKey();
      onDone();
    } catch (err) {
      toast(errorText(err, M.depositFailed), "error", 5000);
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <form className="card form deposit-form" onSubmit={submit} noValidate aria-busy={uploading} data-testid="deposit-form">
      <p className="form-intro">مبلغ را به حساب فروشگاه واریز کنید، سپس مبلغ و عکس رسید را اینجا بفرستید. پس از بررسی رسید، مبلغ به موجودی شما اضافه می‌شود.</p>
      <AmountField
        label="مبلغ واریزی"
        digits={amount}
        onDigits={(d) => (setAmount(d), setErrors((x) => ({ ...x, amount: null })))}
        error={errors.amount}
        disabled={uploading}
        testid="deposit-amount"
      />
      <FilePicker
        id="receipt"
        label="تصویر رسید واریز"
        error={errors.receipt}
        hint="رسید باید مبلغ، تاریخ و شماره پیگیری را خوانا نشان دهد."
        accept={RECEIPT_TYPES.join(",")}
        disabled={uploading}
        picked={!!file}
        onPick={pick}
        inputRef={input}
        testid="deposit-receipt"
      >
        <span className="receipt-thumb">
          {preview ? <img src={preview} alt="پیش‌نمایش رسید انتخاب‌شده" data-testid="receipt-preview" /> : <UploadIcon size={26} />}
        </span>
        <span className="receipt-text">
          <span className="receipt-title">{file ? "رسید انتخاب شد" : "انتخاب عکس رسید"}</span>
          <span className="receipt-sub">{file ? formatFileSize(file.size) : "عکس جی‌پگ یا پی‌ان‌جی، حداکثر ۵ مگابایت"}</span>
        </span>
        <span className="receipt-action" aria-hidden="true">
          {file ? "تغییر" : "انتخاب"}
        </span>
      </FilePicker>
      <Button type="submit" className="btn-block" busy={uploading} disabled={offline} data-testid="deposit-submit">
        ثبت درخواست واریز
      </Button>
      <OfflineNote />
      {uploading && (
        <div className="upload-overlay" role="status" aria-live="polite" data-testid="upload-progress">
          <span className="upload-title">{progress < 100 ? "در حال ارسال رسید…" : "در حال ثبت درخواست…"}</span>
          <span className="upload-percent" data-value={progress}>
            {toFaDigits(progress)}٪
          </span>
          <progress className="upload-bar" max={100} value={progress} aria-label="پیشرفت ارسال رسید" />
        </div>
      )}
    </form>
  );
}
