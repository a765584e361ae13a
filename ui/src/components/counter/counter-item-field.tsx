// The counter's item field (issue 38): the piece's tag code or its number, typed or scanned (a USB scanner
// types the code and presses Enter). The tag is looked up first; a number that is no tag is taken as the
// item's own number, and an item no longer in the vault is refused with the server's words (a sold piece's
// label answers 409). The field keeps the focus, so the next scan needs no click; a refused code stays selected,
// so the next scan replaces it.
import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, errorText } from "../../api";
import { counterApi } from "../../api-counter";
import type { VaultItem } from "../../api-types";
import { scannedCode } from "../../lib/tag-labels";
import { PlusCircleIcon } from "../ui/icons";
import { Button, Field } from "../ui";

/** ITEM_MESSAGES are the field's own texts. */
export const ITEM_MESSAGES = {
  failed: "خطا در یافتن کالا",
  outOfVault: "این کالا در خزانه نیست؛ فروخته شده یا از خزانه خارج شده است",
} as const;

/** findItem looks a typed code up as the counter does: by tag, then (all digits) by number; it throws the server's refusal. */
export async function findItem(code: string): Promise<VaultItem> {
  try {
    return (await counterApi.itemByTag(code)).item;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404 && /^\d+$/.test(code))) throw err;
  }
  const { item } = await counterApi.item(Number(code));
  if (item.status === "in") return item;
  // the pricing call words the refusal of a piece out of the vault as the invoice would be refused
  await counterApi.price({ sales: [{ item_id: item.id }], buybacks: [] });
  throw new ApiError(409, ITEM_MESSAGES.outOfVault);
}

type Props = {
  /** onItem adds the piece and returns why it cannot (already on the invoice), or null. */
  onItem: (item: VaultItem) => string | null;
};

/** CounterItemField is the scan-or-type field that adds a sale line. */
export function CounterItemField({ onItem }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // the field has the focus as the counter opens, for the scanner: focused in the render's own task, not left
  // to the browser's autofocus, which a page reached inside the app may not get, and only at its next frame
  useLayoutEffect(() => form.current?.querySelector("input")?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = code;
    const typed = scannedCode(sent);
    if (!typed || busy) return;
    setBusy(true);
    setError(null);
    let refused: string | null = null;
    try {
      refused = onItem(await findItem(typed));
    } catch (err) {
      refused = errorText(err, ITEM_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
    const input = form.current?.querySelector("input");
    input?.focus();
    if (refused) {
      // the refused code stays to be read, selected, so that the next scan types over it
      setError(refused);
      input?.select();
    } else {
      // what was typed after the Enter (the next scan, already on its way) stays in the field
      setCode((now) => (now.startsWith(sent) ? now.slice(sent.length) : now));
    }
  };

  return (
    <form ref={form} className="card counter-scan" onSubmit={submit} noValidate aria-label="افزودن کالا با اتیکت" data-testid="counter-scan">
      <Field
        label="اتیکت یا شماره کالا"
        value={code}
        onValue={(v) => (setCode(v), setError(null))}
        error={error}
        hint="کد اتیکت را با بارکدخوان بخوانید، یا بنویسید و کلید اینتر را بزنید"
        autoComplete="off"
        dir="ltr"
        enterKeyHint="enter"
        data-testid="counter-item"
      />
      <Button type="submit" busy={busy} className="counter-scan-add" data-testid="counter-item-add">
        <PlusCircleIcon size={18} />
        افزودن
      </Button>
    </form>
  );
}
