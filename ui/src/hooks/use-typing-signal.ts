import { useEffect, useRef } from "react";
import { TYPING_STOP_MS } from "../lib/chat";
import { emitChat } from "../lib/chat-socket";

/** TYPING_REPEAT_MS repeats typing during a long burst, so the other side's safety timeout never fires. */
const TYPING_REPEAT_MS = 2500;

/**
 * useTypingSignal gives the composer's text watcher: typing while the text is not empty, stop_typing after
 * a second without change, when the text empties, when the message is sent and when the room closes.
 */
export function useTypingSignal(roomId: number | null): (text: string) => void {
  const st = useRef({ room: null as number | null, last: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const stop = () => {
    const s = st.current;
    clearTimeout(s.timer);
    if (s.room !== null) void emitChat("stop_typing", s.room);
    s.room = null;
  };

  useEffect(() => stop, [roomId]);

  return (text: string) => {
    const s = st.current;
    if (roomId === null || !text.trim()) {
      stop();
      return;
    }
    clearTimeout(s.timer);
    const now = Date.now();
    if (s.room !== roomId || now - s.last > TYPING_REPEAT_MS) {
      if (s.room !== null && s.room !== roomId) stop();
      s.room = roomId;
      s.last = now;
      void emitChat("typing", roomId);
    }
    s.timer = setTimeout(stop, TYPING_STOP_MS);
  };
}
