// The question before cancelling an abshodeh request, as a modal <dialog>: the browser keeps focus inside,
// Escape closes it, and the text is ours in Persian rather than the browser's own confirm box.
import { useEffect, useRef, type MouseEvent } from "react";
import type { GoldRequest } from "../../api";
import { faText, GOLD_MESSAGES as M } from "../../lib/gold-request";
import { formatGold } from "../../lib/money";
import { Button } from "../ui";

type Props = { request: GoldRequest; onConfirm: () => void; onClose: () => void };

/** GoldCancelDialog asks whether to cancel request; a tap outside, Escape or «خیر» keeps it. */
export function GoldCancelDialog({ request, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal?.();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  // a tap on the backdrop lands on the dialog element itself
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === ref.current) onClose();
  };

  return (
    <dialog ref={ref} className="gold-dialog" aria-labelledby="gold-dialog-title" aria-describedby="gold-dialog-text" onClick={onClick} data-testid="gold-cancel-dialog">
      <div className="gold-dialog-box">
        <h2 id="gold-dialog-title" className="gold-dialog-title">
          لغو درخواست آبشده
        </h2>
        <p id="gold-dialog-text" className="gold-dialog-text">
          {M.confirmCancel}
        </p>
        <p className="gold-dialog-bar">
          {faText(request.rey)}، شماره انگ {faText(request.ang)}، وزن ۷۵۰: <span className="num">{formatGold(request.vazn750)}</span> گرم
        </p>
        <div className="gold-dialog-buttons">
          <Button variant="danger" onClick={onConfirm} data-testid="gold-cancel-yes">
            بله، لغو شود
          </Button>
          <Button variant="secondary" onClick={onClose} autoFocus data-testid="gold-cancel-no">
            خیر
          </Button>
        </div>
      </div>
    </dialog>
  );
}
