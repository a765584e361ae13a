// The shop's phone numbers: one row each, a row added or removed with a button.
import { toFaDigits } from "../../lib/digits";
import { SHOP_LIMITS } from "../../lib/shop-form";
import { PlusCircleIcon, TrashIcon } from "./icons";
import { Button, Field } from ".";

type Props = {
  phones: string[];
  onPhones: (phones: string[]) => void;
  errors?: Record<number, string>;
};

/** PhoneListField edits a list of phone numbers, at least one row and at most SHOP_LIMITS.phones. */
export function PhoneListField({ phones, onPhones, errors = {} }: Props) {
  const set = (i: number) => (v: string) => onPhones(phones.map((p, j) => (j === i ? v : p)));
  const remove = (i: number) => onPhones(phones.length > 1 ? phones.filter((_, j) => j !== i) : [""]);
  return (
    <fieldset className="phone-list">
      <legend className="field-label">شماره‌های تماس</legend>
      {phones.map((p, i) => (
        <Field
          key={i}
          label={`تلفن ${toFaDigits(i + 1)}`}
          value={p}
          onValue={set(i)}
          error={errors[i]}
          className="phone-field"
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="off"
          placeholder="۰۲۱۱۲۳۴۵۶۷۸"
          data-testid={`shop-phone-${i}`}
          end={
            <button type="button" className="icon-btn field-end" onClick={() => remove(i)} aria-label={`حذف تلفن ${toFaDigits(i + 1)}`} data-testid={`shop-phone-remove-${i}`}>
              <TrashIcon size={20} />
            </button>
          }
        />
      ))}
      {phones.length < SHOP_LIMITS.phones && (
        <Button variant="ghost" className="btn-sm" onClick={() => onPhones([...phones, ""])} data-testid="shop-phone-add">
          <PlusCircleIcon size={20} />
          افزودن شماره
        </Button>
      )}
    </fieldset>
  );
}
