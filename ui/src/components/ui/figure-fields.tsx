// The purity and weight fields of a piece of gold and its live weight at 750 purity, shared by the abshodeh
// inventory's form and the vault's: typed in any digits, kept Latin, shown Persian.
import { AYAR_SCALE, sanitizeDecimal, vazn750Preview } from "../../lib/abshodeh";
import { GOLD_SCALE } from "../../lib/ledger";
import { faNumber, faTyped, formatGold } from "../../lib/money";
import { Field } from ".";

type FieldsProps = {
  ayar: string;
  vazn: string;
  onAyar: (v: string) => void;
  onVazn: (v: string) => void;
  errors: { ayar?: string; vazn?: string };
  /** prefix names the test ids: `${prefix}-ayar`, `${prefix}-vazn`. */
  prefix: string;
};

/** PurityWeightFields are the عیار and وزن fields; each keeps what may be typed (sanitizeDecimal). */
export function PurityWeightFields({ ayar, vazn, onAyar, onVazn, errors, prefix }: FieldsProps) {
  return (
    <>
      <Field
        label="عیار"
        value={faTyped(ayar)}
        onValue={(v) => onAyar(sanitizeDecimal(v, AYAR_SCALE))}
        error={errors.ayar}
        hint="تا ۱۰۰۰، دو رقم اعشار"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={faNumber("750")}
        data-testid={`${prefix}-ayar`}
      />
      <Field
        label="وزن"
        value={faTyped(vazn)}
        onValue={(v) => onVazn(sanitizeDecimal(v, GOLD_SCALE))}
        error={errors.vazn}
        hint="گرم، سه رقم اعشار"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder={formatGold("0")}
        className="unit-field"
        end={<span className="field-unit">گرم</span>}
        data-testid={`${prefix}-vazn`}
      />
    </>
  );
}

/** Vazn750Preview is the weight at 750 purity of what is typed, as the server will compute it. */
export function Vazn750Preview({ ayar, vazn, prefix }: { ayar: string; vazn: string; prefix: string }) {
  const preview = vazn750Preview(vazn, ayar);
  return (
    <div className={`vazn750-preview${preview ? "" : " is-empty"}`} aria-live="polite">
      <span className="vazn750-label">وزن ۷۵۰</span>
      <span className="vazn750-value" data-testid={`${prefix}-preview`}>
        {preview ? `${formatGold(preview)} گرم` : "—"}
      </span>
      <span className="vazn750-hint">{preview ? "وزن × عیار ÷ ۷۵۰، تا یک سوت" : "با وارد کردن وزن و عیار محاسبه می‌شود"}</span>
    </div>
  );
}
