// An open room: its messages over the composer, and the banner of a lost connection. The customer's page
// and the admin's pane both use them.
import { useChatRoom } from "../../hooks/use-chat-room";
import { useTypingSignal } from "../../hooks/use-typing-signal";
import { ChatComposer } from "./chat-composer";
import { ChatMessages } from "./chat-messages";

type Props = {
  roomId: number | null;
  /** admin is the viewer's side. */
  admin: boolean;
  /** typingText names the other side while it types. */
  typingText: string;
  emptyText: string;
  /** offline shows the lost-connection banner over the composer. */
  offline: boolean;
};

/** ChatConversation joins roomId and lets the viewer read and write. */
export function ChatConversation({ roomId, admin, typingText, emptyText, offline }: Props) {
  const room = useChatRoom(roomId, admin);
  const onText = useTypingSignal(roomId);
  return (
    <div className="chat-conversation">
      <ChatMessages
        messages={room.messages}
        loaded={room.loaded}
        admin={admin}
        typing={room.typing}
        typingText={typingText}
        emptyText={emptyText}
      />
      {offline && <ConnectionBanner />}
      <ChatComposer onSend={room.send} onText={onText} disabled={roomId === null} />
    </div>
  );
}

/** ConnectionBanner stays over the composer while the connection is lost (below the toasts, not under them). */
export function ConnectionBanner() {
  return (
    <p className="chat-banner" role="alert" data-testid="chat-offline">
      ارتباط با چت قطع شد؛ در حال اتصال دوباره…
    </p>
  );
}
