// The chat's input bar: attach an image or a sound (previewed, removable), write, send. Send stays disabled
// without trimmed text or a file; Enter sends on a keyboard with a mouse, Shift+Enter breaks the line.
import { formatFileSize } from "../../lib/money";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { canSend, chatFileType, fileError, MAX_MESSAGE_LENGTH } from "../../lib/chat";
import { toFaDigits } from "../../lib/digits";
import { CloseIcon, PaperclipIcon, SendIcon } from "../ui/icons";
import { toast } from "../ui/toast";

type Props = {
  /** onSend sends; true clears the composer. */
  onSend: (text: string, file: File | null, onProgress: (percent: number) => void) => Promise<boolean>;
  /** onText hears every change of the text (the typing signal). */
  onText: (text: string) => void;
  /** disabled holds sending back until the room is open. */
  disabled?: boolean;
};

/** ChatComposer is the bar at the bottom of a conversation. */
export function ChatComposer({ onSend, onText, disabled = false }: Props) {
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const ready = canSend(text, file) && !busy && !disabled;

  // the text area grows with its lines, up to the height CSS allows
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  const pick = () => {
    const el = picker.current;
    const chosen = el?.files?.[0] ?? null;
    if (el) el.value = "";
    if (!chosen) return;
    const err = fileError(chosen);
    if (err) toast(err, "error");
    else setFile(chosen);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!ready) return;
    setBusy(true);
    const ok = await onSend(text, file, setProgress);
    setBusy(false);
    setProgress(null);
    if (ok) {
      setText("");
      setFile(null);
      onText("");
    }
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    if (!window.matchMedia("(pointer: fine)").matches) return;
    e.preventDefault();
    void submit();
  };

  return (
    <form className="composer" onSubmit={submit} data-testid="chat-composer">
      {file && <FilePreview file={file} progress={progress} busy={busy} onRemove={() => setFile(null)} />}
      <div className="composer-row">
        <button
          type="button"
          className="icon-btn composer-attach"
          onClick={() => picker.current?.click()}
          disabled={busy}
          aria-label="پیوست تصویر یا فایل صوتی"
          data-testid="chat-attach"
        >
          <PaperclipIcon />
        </button>
        <input ref={picker} type="file" accept="image/*,audio/*" hidden onChange={pick} data-testid="chat-file" />
        <textarea
          ref={input}
          className="composer-input"
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder="پیام خود را بنویسید…"
          aria-label="متن پیام"
          onChange={(e) => {
            const v = (e.currentTarget as HTMLTextAreaElement).value;
            setText(v);
            onText(v);
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <button type="submit" className="composer-send" disabled={!ready} aria-label="ارسال پیام" data-testid="chat-send">
          {busy ? <span className="spinner" aria-hidden="true" /> : <SendIcon />}
        </button>
      </div>
    </form>
  );
}


type PreviewProps = { file: File; progress: number | null; busy: boolean; onRemove: () => void };

function FilePreview({ file, progress, busy, onRemove }: PreviewProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  const kind = chatFileType(file.type);
  return (
    <div className="composer-preview" data-testid="chat-preview">
      {url && kind === "image" && <img className="preview-thumb" src={url} alt="پیش‌نمایش تصویر" />}
      {url && kind === "audio" && <audio className="preview-audio" controls src={url} />}
      <span className="preview-name" title={file.name}>
        {busy && progress !== null ? `در حال بارگذاری ${toFaDigits(progress)}٪` : `${kind === "audio" ? "فایل صوتی" : "تصویر"}، ${formatFileSize(file.size)}`}
      </span>
      <button type="button" className="icon-btn preview-remove" onClick={onRemove} disabled={busy} aria-label="حذف فایل" data-testid="chat-file-remove">
        <CloseIcon size={20} />
      </button>
    </div>
  );
}
