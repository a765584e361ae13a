// The admin's list of customers' rooms: name, last message, its time and the unread count.
import type { ChatRoom } from "../api";
import { badgeText, roomPreview, roomTime } from "../lib/chat";
import { ChatIcon } from "./icons";

/** roomName is the customer's name, or a stand-in when the profile has none. */
export function roomName(room: ChatRoom): string {
  return room.user_name.trim() || "کاربر بدون نام";
}

type Props = { rooms: readonly ChatRoom[]; selected: number | null; onSelect: (id: number) => void };

/** ChatRoomList lists the rooms, the latest first; an empty shop says so. */
export function ChatRoomList({ rooms, selected, onSelect }: Props) {
  if (rooms.length === 0) {
    return (
      <div class="chat-placeholder" data-testid="chat-no-rooms">
        <ChatIcon size={40} />
        <p class="chat-placeholder-title">هنوز گفتگویی نیست</p>
        <p class="chat-placeholder-text">وقتی مشتری‌ای به پشتیبانی پیام بدهد، گفتگویش اینجا می‌آید.</p>
      </div>
    );
  }
  return (
    <ul class="chat-rooms" aria-label="گفتگوها" data-testid="chat-rooms">
      {rooms.map((r) => {
        const active = r.id === selected;
        const unread = badgeText(r.unread_count);
        return (
          <li key={r.id}>
            <button
              type="button"
              class={`chat-room${active ? " active" : ""}${unread ? " has-unread" : ""}`}
              aria-current={active ? "true" : undefined}
              onClick={() => onSelect(r.id)}
              data-testid={`chat-room-${r.id}`}
            >
              <span class="chat-avatar" aria-hidden="true">
                {roomName(r).slice(0, 1)}
              </span>
              <span class="chat-room-main">
                <span class="chat-room-line">
                  <span class="chat-room-name">{roomName(r)}</span>
                  <time class="chat-room-time" dateTime={r.last_message_time ?? undefined}>
                    {roomTime(r.last_message_time)}
                  </time>
                </span>
                <span class="chat-room-line">
                  <span class="chat-room-preview">{roomPreview(r)}</span>
                  {unread && (
                    <span class="chat-room-badge" aria-label={`${unread} پیام خوانده‌نشده`} data-testid="room-unread">
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
