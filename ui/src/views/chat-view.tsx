// /chat_page: the customer's support chat, full screen outside the shell (customer.md §2). Opening it starts
// (or finds) the customer's room, joins it on the socket and reads the shop's messages, which empties the
// header badge; the back arrow goes back one step.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { api, ApiError, isAdmin } from "../api";
import { ChatConversation } from "../components/chat/chat-conversation";
import { useShop } from "../hooks/use-shop";
import { BackIcon, SupportIcon } from "../components/ui/icons";
import { toast } from "../components/ui/toast";
import { useChatConnection } from "../hooks/use-chat-connection";
import { useSession } from "../hooks/use-session";
import { failureText } from "../lib/chat";
import { clearUnreadTotal } from "../lib/chat-unread";
import "../styles/chat.css";

/** START_FAILED is said for 3 s before the chat closes. */
const START_FAILED = "خطا در شروع گفتگو";

/** ChatView is the customer's conversation with the shop. */
export default function ChatView() {
  const [, navigate] = useLocation();
  const { user } = useSession();
  const admin = isAdmin(user);
  const [roomId, setRoomId] = useState<number | null>(null);
  const { name: shopName } = useShop();
  const lost = useChatConnection();

  const back = () => {
    if (history.length > 1) history.back();
    else navigate("/");
  };

  useEffect(() => {
    // the shop answers from its own desk
    if (admin) {
      navigate("/admin-chat_page", { replace: true });
      return;
    }
    clearUnreadTotal();
    let alive = true;
    api.startChat().then(
      (r) => alive && setRoomId(r.room_id),
      (err) => {
        if (!alive || (err instanceof ApiError && err.status === 401)) return;
        toast(failureText(err, START_FAILED), "error", 3000);
        back();
      },
    );
    return () => {
      alive = false;
    };
  }, [admin]);

  return (
    <div className="chat-page" data-testid="chat-page">
      <div className="fullscreen-bar chat-bar">
        <button type="button" className="icon-btn" onClick={back} aria-label="بازگشت" data-testid="back-button">
          <BackIcon />
        </button>
        <span className="chat-bar-avatar" aria-hidden="true">
          <SupportIcon size={22} />
        </span>
        <div className="chat-bar-title">
          <h1 className="fullscreen-title">پشتیبانی</h1>
          <p className="chat-bar-sub">{lost ? "در حال اتصال…" : `پاسخ‌گویی همکاران ${shopName}`}</p>
        </div>
      </div>
      <ChatConversation
        roomId={roomId}
        admin={false}
        typingText="پشتیبانی در حال نوشتن است"
        emptyText="سلام! سؤال یا درخواستتان را بنویسید؛ همکاران ما در پشتیبانی پاسخ می‌دهند."
        offline={lost}
      />
    </div>
  );
}
