import { useEffect, useRef, useState } from "react";
import { toast } from "../components/ui/toast";
import { chatConnected, connectChat, onChat } from "../lib/chat-socket";

/** CONNECTION_LOST is said on a toast for 3 s and on a banner until the socket is back. */
export const CONNECTION_LOST = "ارتباط با چت قطع شد";

/** useChatConnection tells whether the chat's connection is lost (after an error or a drop, until back). */
export function useChatConnection(): boolean {
  const [lost, setLost] = useState(false);
  const down = useRef(false);
  useEffect(() => {
    const fail = () => {
      if (!down.current) toast(CONNECTION_LOST, "error", 3000);
      down.current = true;
      setLost(true);
    };
    const offs = [
      onChat("connect", () => {
        down.current = false;
        setLost(false);
      }),
      onChat("connect_error", fail),
      onChat("disconnect", (reason) => reason !== "io client disconnect" && fail()),
      onChat("chat_error", (e) => e?.message && toast(e.message, "error")),
    ];
    connectChat();
    if (chatConnected()) setLost(false);
    return () => offs.forEach((off) => off());
  }, []);
  return lost;
}
