// The admin's list of customers' rooms: name, last message, its time and the unread count.
import type { ChatRoom } from "../../api";
import { badgeText, roomPreview, roomTime } from "../../lib/chat";
import { ChatIcon } from "../ui/icons";

/** roomName is the customer's name, or a stand-in when the profile has none. */
export function roomName(room: ChatRoom): string {
  return room.user_name.trim() || "کاربر بدون نام";
}

type Props = { rooms: readonly ChatRoom[]; selected: number | null; onSelect: (id: number) => void };

/** ChatRoomList lists the rooms, the latest first; an empty shop says so. */
export function ChatRoomList({ rooms, selected, onSelect }: Props) {
  if (rooms.length === 0) {
    return (
      <div className="chat-placeholder" data-testid="chat-no-rooms">
        <ChatIcon size={40} />
        <p className="chat-placeholder-title">هنوز گفتگویی نیست</p>
        <p className="chat-placeholder-text">وقتی مشتری‌ای به پشتیبانی پیام بدهد، گفتگویش اینجا می‌آید.</p>
      </div>
    );
  }
  return (
    <ul className="chat-rooms" aria-label="گفتگوها" data-testid="chat-rooms">
      {rooms.map((r) => {
        const active = r.id === selected;
        const unread = badgeText(r.unread_count);
        return (
          <li key={r.id}>
            <button
              type="button"
              className={`chat-room${active ? " active" : ""}${unread ? " has-unread" : ""}`}
              aria-current={active ? "true" : undefined}
              onClick={() => onSelect(r.id)}
              data-testid={`chat-room-${r.id}`}
            >
              <span className="chat-avatar" aria-hidden="true">
                {roomName(r).slice(0, 1)}
              </span>
              <span className="chat-room-main">
                <span className="chat-room-line">
                  <span className="chat-room-name">{roomName(r)}</span>
                  <time className="chat-room-time" dateTime={r.last_message_time ?? undefined}>
                    {roomTime(r.last_message_time)}
                  </time>
                </span>
                <span className="chat-room-line">
                  <span className="chat-room-preview">{roomPreview(r)}</span>
                  {unread && (
                    <span className="chat-room-badge" aria-label={`${unread} پیام خوانده‌نشده`} data-testid="room-unread">
                      {unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
