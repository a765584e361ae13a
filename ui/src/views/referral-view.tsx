// /referral_page (customer.md "Invite friends", decisions.md §4): the invite link as a QR code, the code,
// the link, copy, share and download, the counters and the reward rule.
import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import { api } from "../api";
import { CheckIcon, CopyIcon, DownloadIcon, GiftIcon, ShareIcon } from "../components/ui/icons";
import { useLoad } from "../hooks/use-load";
import { useShop } from "../hooks/use-shop";
import { toast } from "../components/ui/toast";
import { Button, LoadFailed, Loading, PageHeader } from "../components/ui";
import { toFaDigits } from "../lib/digits";
import { formatGold } from "../lib/money";
import { COPIED_MS, inviteLink, qrFileName, REFERRAL_TEXTS as T, shareMessage } from "../lib/referral";
import "../styles/prices.css";

/** QR_SIZE is the QR code's side on screen in CSS pixels (customer.md: 180). */
const QR_SIZE = 180;
/** QR_PRINT_SIZE is the side of the downloaded image: large enough to print. */
const QR_PRINT_SIZE = 720;

const qrOptions = (width: number): QRCode.QRCodeRenderersOptions => ({
  width,
  margin: 2,
  errorCorrectionLevel: "H",
  color: { dark: "#1f1b13", light: "#ffffff" },
});

/** copyText puts text on the clipboard: the Clipboard API, else a selected textarea and execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** ReferralView is /referral_page. */
export default function ReferralView() {
  const { data: stats, failed, reload: load } = useLoad(() => api.referralStats(), T.loadFailed);
  const [copied, setCopied] = useState(false);
  const { name: shopName } = useShop();
  const canvas = useRef<HTMLCanvasElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const code = stats?.referral_code ?? "";
  const link = code ? inviteLink(location.origin, code) : "";

  // the on-screen code is drawn at the screen's pixel density, then shown at 180 CSS pixels
  useEffect(() => {
    const el = canvas.current;
    if (!el || !link) return;
    const density = Math.min(Math.max(Math.round(window.devicePixelRatio || 1), 1), 3);
    QRCode.toCanvas(el, link, qrOptions(QR_SIZE * density)).then(
      () => {
        el.style.width = `${QR_SIZE}px`;
        el.style.height = `${QR_SIZE}px`;
      },
      () => toast(T.downloadFailed, "error"),
    );
  }, [link]);

  const copy = async () => {
    if (!(await copyText(link))) {
      toast(T.copyFailed, "error");
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const share = async () => {
    const msg = shareMessage(shopName, code);
    if (typeof navigator.share !== "function") return copy();
    try {
      await navigator.share({ ...msg, url: link });
    } catch (err) {
      // closing the share sheet is no failure; anything else falls back to copying
      if (!(err instanceof DOMException && err.name === "AbortError")) await copy();
    }
  };

  const download = async () => {
    try {
      const c = document.createElement("canvas");
      await QRCode.toCanvas(c, link, qrOptions(QR_PRINT_SIZE));
      const blob = await new Promise<Blob | null>((resolve) => c.toBlob(resolve, "image/png"));
      if (!blob) throw new Error("no image");
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = qrFileName(code);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast(T.downloadFailed, "error");
    }
  };

  if (!stats) {
    return (
      <>
        <PageHeader title="دعوت از دوستان" back="/profile_page" />
        {failed ? <LoadFailed icon={<GiftIcon size={40} />} title={T.loadFailed} onRetry={load} /> : <Loading />}
      </>
    );
  }

  return (
    <div className="stack referral-page">
      <PageHeader title="دعوت از دوستان" back="/profile_page" />

      <section className="card invite-hero">
        <span className="invite-hero-icon" aria-hidden="true">
          <GiftIcon size={28} />
        </span>
        <div>
          <h2 className="invite-title">دوستانتان را دعوت کنید و طلا هدیه بگیرید</h2>
          <p className="invite-rule" data-testid="referral-rule">
            {T.rule}
          </p>
        </div>
      </section>

      <section className="card invite-card" aria-label="لینک دعوت شما">
        <canvas ref={canvas} className="invite-qr" width={QR_SIZE} height={QR_SIZE} role="img" aria-label="کیوآر کد لینک دعوت" data-testid="referral-qr" />

        <div className="invite-field">
          <span className="invite-field-label">کد معرف شما</span>
          {/* shown exactly as issued, Latin letters and all: it is typed back on the register form */}
          <span className="invite-code" dir="ltr" translate="no" data-testid="referral-code">
            {code}
          </span>
        </div>
        <div className="invite-field">
          <span className="invite-field-label">لینک دعوت</span>
          <span className="invite-link" dir="ltr" translate="no" data-testid="referral-link">
            {link}
          </span>
        </div>

        <div className="invite-actions">
          <Button className={copied ? "is-done" : ""} onClick={copy} data-testid="referral-copy">
            {copied ? <CheckIcon size={20} /> : <CopyIcon size={20} />}
            {copied ? T.copied : "کپی لینک"}
          </Button>
          <Button variant="secondary" onClick={share} data-testid="referral-share">
            <ShareIcon size={20} />
            اشتراک‌گذاری
          </Button>
          <Button variant="secondary" onClick={download} data-testid="referral-download">
            <DownloadIcon size={20} />
            دانلود کیوآر کد
          </Button>
        </div>
        <p className="visually-hidden" role="status">
          {copied ? T.copied : ""}
        </p>
      </section>

      <div className="invite-stats">
        <div className="card invite-stat">
          <span className="invite-stat-label">دوستان ثبت‌نام‌کرده</span>
          <span className="invite-stat-value">
            <span data-testid="referral-invited">{toFaDigits(stats.invited ?? 0)}</span>
            <span className="amount-unit">نفر</span>
          </span>
        </div>
        <div className="card invite-stat is-gold">
          <span className="invite-stat-label">طلای دریافتی</span>
          <span className="invite-stat-value">
            <span data-testid="referral-earned">{formatGold(stats.earned ?? "0")}</span>
            <span className="amount-unit">گرم</span>
          </span>
        </div>
      </div>
    </div>
  );
}
