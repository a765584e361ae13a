// /admin-chat_page: the shop's support desk, full screen outside the shell (admin.md §2). Rooms on the
// inline start, the open conversation beside them; below 768 px one at a time, back returning to the list
// (and leaving the room). Entering the page empties the header badge.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import type { ChatRoom } from "../api";
import { ChatConversation, ConnectionBanner } from "../components/chat/chat-conversation";
import { ChatRoomList, roomName } from "../components/chat/chat-room-list";
import { BackIcon, ChatIcon, HomeIcon } from "../components/ui/icons";
import { LoadFailed, Loading } from "../components/ui";
import { useChatConnection } from "../hooks/use-chat-connection";
import { useChatRooms } from "../hooks/use-chat-rooms";
import { NARROW_LIST, useMediaQuery } from "../hooks/use-media-query";
import { clearUnreadTotal } from "../lib/chat-unread";
import { toFaDigits } from "../lib/digits";
import "../styles/chat.css";
import "../styles/chat-desk.css";

/** AdminChatView is the admin's list of customers' rooms and the open conversation. */
export default function AdminChatView() {
  const [, navigate] = useLocation();
  const narrow = useMediaQuery(NARROW_LIST);
  const { rooms, failed, reload, markSeen } = useChatRooms();
  const [selected, setSelected] = useState<number | null>(null);
  const lost = useChatConnection();
  const room = rooms?.find((r) => r.id === selected) ?? null;

  useEffect(() => clearUnreadTotal(), []);

  const open = (id: number) => {
    setSelected(id);
    markSeen(id);
  };
  const toDashboard = () => navigate("/");
  const inRoom = narrow && room !== null;

  return (
    <div className="chat-page admin-chat" data-testid="admin-chat-page">
      {inRoom ? (
        <div className="fullscreen-bar chat-bar">
          <button type="button" className="icon-btn" onClick={() => setSelected(null)} aria-label="بازگشت به فهرست گفتگوها" data-testid="chat-back-to-list">
            <BackIcon />
          </button>
          <RoomTitle room={room} main />
          <button type="button" className="icon-btn chat-bar-end" onClick={toDashboard} aria-label="بازگشت به داشبورد" data-testid="chat-dashboard">
            <HomeIcon />
          </button>
        </div>
      ) : (
        <div className="fullscreen-bar chat-bar">
          <button type="button" className="icon-btn" onClick={toDashboard} aria-label="بازگشت به داشبورد" data-testid="chat-dashboard">
            <BackIcon />
          </button>
          <h1 className="fullscreen-title">پشتیبانی کاربران</h1>
        </div>
      )}
      {lost && room === null && <ConnectionBanner />}
      <div className="admin-chat-body">
        {(!narrow || room === null) && (
          <aside className="chat-rooms-pane" aria-label="فهرست گفتگوها">
            {rooms ? (
              <ChatRoomList rooms={rooms} selected={selected} onSelect={open} />
            ) : failed ? (
              <LoadFailed title="گفتگوها دریافت نشد" icon={<ChatIcon size={40} />} onRetry={reload} />
            ) : (
              <Loading />
            )}
          </aside>
        )}
        {(!narrow || room !== null) && (
          <section className="chat-conversation-pane" aria-label="گفتگو" data-testid="chat-conversation-pane">
            {room ? (
              <>
                {!narrow && (
                  <div className="chat-pane-head">
                    <RoomTitle room={room} />
                  </div>
                )}
                <ChatConversation
                  key={room.id}
                  roomId={room.id}
                  admin
                  typingText={`${roomName(room)} در حال نوشتن است`}
                  emptyText="هنوز پیامی در این گفتگو نیست."
                  offline={lost}
                />
              </>
            ) : (
              <div className="chat-placeholder" data-testid="chat-pick-room">
                <ChatIcon size={40} />
                <p className="chat-placeholder-title">یک گفتگو را انتخاب کنید</p>
                <p className="chat-placeholder-text">پیام‌های هر مشتری با انتخاب گفتگویش از فهرست نمایش داده می‌شود.</p>
              </div>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** RoomTitle is the customer's name and mobile number over a conversation; the page's heading on a phone. */
function RoomTitle({ room, main = false }: { room: ChatRoom; main?: boolean }) {
  const Heading = main ? "h1" : "h2";
  return (
    <div className="chat-bar-title" data-testid="chat-room-title">
      <Heading className="chat-room-title-name">{roomName(room)}</Heading>
      <p className="chat-bar-sub" data-testid="chat-room-mobile">
        {toFaDigits(room.user_mobile)}
      </p>
    </div>
  );
}
