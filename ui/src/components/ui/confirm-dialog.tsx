// The question before an action that moves money or cannot be undone. The body names who and how much;
// «خیر» has the focus, so a stray Enter never confirms.
import type { ReactNode } from "react";
import { Modal } from "./admin-modal";
import { Button } from "./index";

type Props = {
  title: string;
  /** children say what will happen, naming the customer and the amount. */
  children: ReactNode;
  /** yes is the confirming button's text, e.g. «بله، تایید شود». */
  yes: string;
  danger?: boolean;
  /** busy is true while the confirmed action is on its way: the dialog cannot be closed meanwhile. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** testid names the dialog `<testid>-dialog` and its buttons `<testid>-confirm` and `<testid>-cancel`. */
  testid: string;
};

/** ConfirmDialog asks before an irreversible action. */
export function ConfirmDialog({ title, children, yes, danger, busy = false, onConfirm, onClose, testid }: Props) {
  return (
    <Modal
      title={title}
      role="alertdialog"
      onClose={() => !busy && onClose()}
      testid={`${testid}-dialog`}
      footer={
        <div className="modal-buttons">
          <Button variant={danger ? "danger" : "primary"} busy={busy} onClick={onConfirm} data-testid={`${testid}-confirm`}>
            {yes}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose} data-autofocus data-testid={`${testid}-cancel`}>
            خیر
          </Button>
        </div>
      }
    >
      {children}
    </Modal>
  );
}
