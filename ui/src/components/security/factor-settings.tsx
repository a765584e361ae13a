// The second factor once it is on (issue 36): the person's passkeys, each with when it was added and last
// used, and the changes they may make, each asked again with the factor's code: a passkey removed, the
// authenticator turned off, ten new recovery codes. An owner's or staff member's last factor stays (the
// server says so).
import { useState } from "react";
import type { FactorProof, PasskeyInfo } from "../../api-types";
import { FactorProofDialog } from "./factor-proof";
import { DataList, type Column } from "../ui/data-list";
import { toast } from "../ui/toast";
import { Button, LoadFailed, Loading } from "../ui";
import { ShieldIcon } from "../ui/icons";
import { useLoad } from "../../hooks/use-load";
import { toFaDigits } from "../../lib/digits";
import { formatJalaliDateTime } from "../../lib/jalali";
import { secondFactorApi } from "../../lib/second-factor-api";

/** Numbered is a passkey with its place in the list, which names it (the browser gives it no name). */
type Numbered = PasskeyInfo & { n: number };

const COLUMNS: Column<Numbered>[] = [
  { label: "کلید عبور", head: true, className: "strong", cell: (k) => `کلید عبور ${toFaDigits(k.n)}` },
  { label: "افزوده در", className: "num", cell: (k) => formatJalaliDateTime(k.created_at) },
  { label: "آخرین استفاده", className: "num", cell: (k) => (k.last_used_at ? formatJalaliDateTime(k.last_used_at) : "هنوز به کار نرفته") },
];

/** Change is the change the person asked for, waiting for its proof. */
type Change = { kind: "passkey"; key: PasskeyInfo } | { kind: "totp" } | { kind: "recovery" };

type Props = {
  totp: boolean;
  passkeys: number;
  /** onChanged reloads the factors' state; onRecoveryCodes shows new recovery codes. */
  onChanged: () => void;
  onRecoveryCodes: (codes: string[]) => void;
};

/** FactorSettings lists the passkeys and offers the changes of a factor that is on. */
export function FactorSettings({ totp, passkeys, onChanged, onRecoveryCodes }: Props) {
  const list = useLoad(async () => (passkeys > 0 ? (await secondFactorApi.passkeys()).passkeys : []), "کلیدهای عبور دریافت نشد");
  const [change, setChange] = useState<Change | null>(null);

  const make = async (proof: FactorProof) => {
    if (!change) return;
    if (change.kind === "recovery") {
      const answer = await secondFactorApi.renewRecoveryCodes(proof);
      setChange(null);
      onRecoveryCodes(answer.recovery_codes);
      return;
    }
    const answer = change.kind === "totp" ? await secondFactorApi.removeTOTP(proof) : await secondFactorApi.removePasskey(change.key.id, proof);
    setChange(null);
    toast(answer.message ?? "تغییر انجام شد", "success");
    void list.reload();
    onChanged();
  };

  const titles = { passkey: "برداشتن کلید عبور", totp: "برداشتن برنامه احراز هویت", recovery: "ساخت کدهای بازیابی تازه" };
  return (
    <section className="card second-factor-settings" data-testid="factor-settings">
      {passkeys > 0 ? (
        <>
          <h2 className="second-factor-title">کلیدهای عبور</h2>
          {list.data ? (
            <DataList
              rows={list.data.map((k, i) => ({ ...k, n: i + 1 }))}
              columns={COLUMNS}
              rowKey={(k) => k.id}
              narrow
              flat
              caption="کلیدهای عبور"
              testid="passkey-row"
              actions={(k) => (
                <Button variant="secondary" className="btn-sm" onClick={() => setChange({ kind: "passkey", key: k })} data-testid="passkey-remove">
                  برداشتن
                </Button>
              )}
            />
          ) : list.failed ? (
            <LoadFailed icon={<ShieldIcon size={40} />} title="کلیدهای عبور دریافت نشد" onRetry={list.reload} />
          ) : (
            <Loading />
          )}
        </>
      ) : null}
      <div className="second-factor-actions">
        <Button variant="secondary" className="btn-block" onClick={() => setChange({ kind: "recovery" })} data-testid="recovery-renew">
          ساخت کدهای بازیابی تازه
        </Button>
        {totp ? (
          <Button variant="danger" className="btn-block" onClick={() => setChange({ kind: "totp" })} data-testid="totp-remove">
            برداشتن برنامه احراز هویت
          </Button>
        ) : null}
      </div>
      {change ? (
        <FactorProofDialog
          title={titles[change.kind]}
          factorOn
          endByDefault={false}
          yes={change.kind === "recovery" ? "ساخت کدهای تازه" : "بله، برداشته شود"}
          danger={change.kind !== "recovery"}
          onProof={make}
          onClose={() => setChange(null)}
          testid="factor-change"
        >
          <p className="muted">
            {change.kind === "recovery"
              ? "کدهای بازیابی پیشین دیگر کار نمی‌کنند. برای ادامه، کد شش‌رقمی برنامه یا یکی از کدهای بازیابی را وارد کنید."
              : "برای ادامه، کد شش‌رقمی برنامه احراز هویت یا یکی از کدهای بازیابی را وارد کنید. پیامکی از این تغییر برایتان فرستاده می‌شود."}
          </p>
        </FactorProofDialog>
      ) : null}
    </section>
  );
}
