// A room's messages: a date between days, bubbles (ours at the inline end, theirs at the start) with
// image, audio and text, the time and our read ticks; the other side's typing; kept scrolled to the end.
import { Fragment } from "react";
import { useLayoutEffect, useRef, useState } from "react";
import type { ChatMessage } from "../../api";
import { dayKey, dayLabel, messageTime, receiptOf, type Receipt } from "../../lib/chat";
import { isSameOriginPath } from "../../lib/wallet";
import { ChatImageViewer } from "./chat-image-viewer";
import { CheckIcon, DoubleCheckIcon } from "../ui/icons";
import { Loading } from "../ui";

/** NEAR_END_PX is how close to the end the reader must be for new messages to scroll into view. */
const NEAR_END_PX = 120;

type Props = {
  messages: readonly ChatMessage[];
  loaded: boolean;
  /** admin is the viewer's side: the shop's messages are ours. */
  admin: boolean;
  typing: boolean;
  typingText: string;
  emptyText: string;
};

/** ChatMessages is the scrolling list of a room's messages. */
export function ChatMessages({ messages, loaded, admin, typing, typingText, emptyText }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const nearEnd = useRef(true);
  const [viewing, setViewing] = useState<string | null>(null);

  const toEnd = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  const follow = () => nearEnd.current && toEnd();
  const onScroll = () => {
    const el = box.current;
    if (el) nearEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
  };

  const last = messages[messages.length - 1];
  useLayoutEffect(() => {
    // our own message always shows; theirs only when we are reading the end
    if (last && last.is_admin === admin) nearEnd.current = true;
    follow();
  }, [messages.length, last?.id, typing, loaded]);

  // the keyboard opening or the composer growing shrinks the list: keep the end in view
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(follow);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  return (
    <>
      <div className="chat-messages" ref={box} onScroll={onScroll} role="log" aria-label="پیام‌های گفتگو" data-testid="chat-messages">
        {!loaded ? (
          <Loading text="در حال دریافت پیام‌ها…" />
        ) : messages.length === 0 ? (
          <p className="chat-empty" data-testid="chat-empty">
            {emptyText}
          </p>
        ) : (
          messages.map((m, i) => (
            <Fragment key={m.id}>
              {dayKey(m.created_at) !== dayKey(messages[i - 1]?.created_at) && (
                <p className="chat-day">
                  <span>{dayLabel(m.created_at)}</span>
                </p>
              )}
              <Bubble m={m} mine={m.is_admin === admin} receipt={receiptOf(m, admin)} onImage={setViewing} onMedia={follow} />
            </Fragment>
          ))
        )}
        {typing && (
          <p className="chat-typing" data-testid="typing-indicator" role="status">
            <span>{typingText}</span>
            <span className="typing-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
          </p>
        )}
      </div>
      {viewing && <ChatImageViewer src={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

type BubbleProps = {
  m: ChatMessage;
  mine: boolean;
  receipt: Receipt;
  onImage: (src: string) => void;
  onMedia: () => void;
};

function Bubble({ m, mine, receipt, onImage, onMedia }: BubbleProps) {
  const url = isSameOriginPath(m.file_url) ? m.file_url : null;
  return (
    <div className={`bubble ${mine ? "bubble-mine" : "bubble-theirs"}`} data-testid="chat-message" data-id={m.id} data-mine={mine ? "true" : "false"}>
      {url && m.file_type === "image" && (
        <button type="button" className="bubble-image" onClick={() => onImage(url)} aria-label="نمایش تصویر در اندازه بزرگ">
          <img src={url} alt="تصویر پیوست" loading="lazy" decoding="async" onLoad={onMedia} data-testid="chat-image" />
        </button>
      )}
      {url && m.file_type === "audio" && <audio className="bubble-audio" controls preload="metadata" src={url} data-testid="chat-audio" />}
      {m.message_text && (
        <p className="bubble-text" dir="auto">
          {m.message_text}
        </p>
      )}
      <span className="bubble-meta">
        <time dateTime={m.created_at}>{messageTime(m.created_at)}</time>
        {receipt !== "none" && <Ticks receipt={receipt} />}
      </span>
    </div>
  );
}

function Ticks({ receipt }: { receipt: Receipt }) {
  const read = receipt === "read";
  return (
    <span className={`ticks${read ? " ticks-read" : ""}`} role="img" aria-label={read ? "خوانده شد" : "ارسال شد"} data-testid="receipt" data-state={receipt}>
      {read ? <DoubleCheckIcon size={16} /> : <CheckIcon size={16} />}
    </span>
  );
}
