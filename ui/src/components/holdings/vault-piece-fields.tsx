// A piece's counter fields in the vault's item form (issue 38): the tag code its label carries (typed or
// scanned; the counter finds the piece by it), its category, and its default wage, a percent of the gold
// value or rial per gram, which the counter offers and staff may change on the line.
import { sanitizeDecimal } from "../../lib/abshodeh";
import { faTyped } from "../../lib/money";
import { CATEGORY_MAX, TAG_MAX, WAGE_MODES, type VaultForm, type VaultFormErrors, type WageMode } from "../../lib/vault";
import { AmountField } from "../ui/amount-field";
import { SelectField } from "../ui/select-field";
import { Field } from "../ui";

type Props = {
  form: VaultForm;
  errors: VaultFormErrors;
  set: (key: keyof VaultForm) => (value: string) => void;
  /** prefix names the test ids: `${prefix}-tag`, -category, -wage-mode, -wage. */
  prefix: string;
};

/** PieceFields are a piece's tag, category and default wage. */
export function PieceFields({ form, errors, set, prefix }: Props) {
  const percent = form.wageMode === "percent";
  return (
    <fieldset className="vault-marks-fields">
      <legend className="field-label">برای پیشخوان</legend>
      <div className="bar-fields">
        <Field
          label="کد اتیکت (اختیاری)"
          value={form.tag}
          onValue={set("tag")}
          error={errors.tag}
          maxLength={TAG_MAX}
          autoComplete="off"
          dir="ltr"
          hint="حرف و رقم لاتین؛ خالی بماند، فروشگاه شماره‌ای به آن می‌دهد"
          data-testid={`${prefix}-tag`}
        />
        <Field
          label="دسته (اختیاری)"
          value={form.category}
          onValue={set("category")}
          error={errors.category}
          maxLength={CATEGORY_MAX}
          autoComplete="off"
          placeholder="انگشتر، گردنبند، النگو"
          data-testid={`${prefix}-category`}
        />
        <SelectField
          label="اجرت ساخت"
          value={form.wageMode}
          onValue={(v) => (set("wageMode")(v as WageMode), set("wage")(""))}
          options={WAGE_MODES}
          testid={`${prefix}-wage-mode`}
        />
        {percent ? (
          <Field
            label="درصد اجرت"
            value={faTyped(form.wage)}
            onValue={(v) => set("wage")(sanitizeDecimal(v, 2))}
            error={errors.wage}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            hint="از ارزش طلا، تا دو رقم اعشار"
            className="unit-field"
            end={<span className="field-unit">٪</span>}
            data-testid={`${prefix}-wage`}
          />
        ) : (
          <AmountField label="اجرت هر گرم" digits={form.wage} onDigits={set("wage")} error={errors.wage} testid={`${prefix}-wage`} />
        )}
      </div>
    </fieldset>
  );
}
