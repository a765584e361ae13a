// The support chat's one Socket.IO connection per tab (docs/api.md "Support chat"). It is opened on first
// use with the stored access token (read again on every reconnect, so a refreshed token is sent), closed on
// logout or when another user logs in, and typed: onChat for the server's events, emitChat for the client's
// events with their acknowledgement as a promise. Handlers outlive a socket: a new one gets them all.
// The server disconnects a socket when the access token it was opened with expires (or its login ends): the
// tab renews the token and reconnects without telling the views, which hear only of a failure to come back.
import { io, type Socket } from "socket.io-client";
import { accessToken, api, getSession, subscribeSession } from "../api";
import type { ChatFileType, ChatMessage } from "../api-types";
import type { Notification } from "../api-types";
import { parseAck, type Ack, type MessagesRead } from "./chat";

export type { Ack };

/** Typing is the typing and stop_typing events: who (is_admin) types in which room. */
export type Typing = { room_id: number; is_admin: boolean };
/** RoomCount is the unread_count and unread_count_updated events. */
export type RoomCount = { room_id: number; count: number };

/** ServerEvents maps each event the server sends (and the socket's own) to its payload. */
export type ServerEvents = {
  connect: void;
  connect_error: Error;
  disconnect: string;
  previous_messages: ChatMessage[];
  receive_message: ChatMessage;
  user_receive_message: ChatMessage;
  typing: Typing;
  stop_typing: Typing;
  messages_read: MessagesRead;
  unread_count: RoomCount;
  unread_cleared: { room_id: number };
  unread_count_updated: RoomCount;
  admin_unread_updated: { total_unread: number };
  chat_error: { message: string };
  /** notification is sent to every socket of the user right after the event commits (issue 18). */
  notification: { item: Notification; unread: number };
};

/** Outgoing is the payload of send_message and admin_send_message. */
export type Outgoing = { room_id: number; message: string; file_url?: string; file_type?: ChatFileType };

/** ClientEvents maps each event the client sends to its payload (void: none). */
export type ClientEvents = {
  join_user_room: void;
  join_room: number;
  send_message: Outgoing;
  typing: number;
  stop_typing: number;
  /** leave_room is ours, beside the contract's events: the chat page closes its room without reconnecting. */
  leave_room: number;
  admin_join_room: number;
  admin_leave_room: number;
  admin_send_message: Outgoing;
};

/** ACK_TIMEOUT_MS is how long an event waits for its acknowledgement. */
const ACK_TIMEOUT_MS = 10_000;
/** NO_ANSWER is the refusal given when no acknowledgement came. */
export const NO_ANSWER = "ارتباط با چت قطع شد";

type Handler = (payload: never) => void;

let socket: Socket | null = null;
let owner: number | null = null;
let retries = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const handlers = new Map<string, Set<Handler>>();

function dispatch(event: string, payload?: unknown): void {
  handlers.get(event)?.forEach((fn) => (fn as (p: unknown) => void)(payload));
}

/**
 * retry reconnects a socket the server refused or dropped (Socket.IO does not retry those by itself):
 * a call through api.ts first renews an expired access token, or ends the session, which closes the socket.
 */
function retry(s: Socket): void {
  clearTimeout(retryTimer);
  const delay = Math.min(30_000, 2000 * 2 ** retries++);
  retryTimer = setTimeout(() => {
    if (socket !== s) return;
    api.me().then(
      () => socket === s && s.connect(),
      () => socket === s && s.connect(),
    );
  }, delay);
}

function open(): Socket {
  const s = io({
    path: "/socket.io",
    auth: (cb) => {
      const token = accessToken();
      cb(token ? { token } : {});
    },
    // straight on a WebSocket, one request instead of a polling handshake and its upgrade; where a proxy or
    // the network refuses WebSockets, long-polling instead
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    // a new Manager each time: io() would otherwise hand back the closed socket with its old listeners
    forceNew: true,
  });
  s.onAny((event: string, payload?: unknown) => dispatch(event, payload));
  s.on("connect", () => {
    retries = 0;
    dispatch("connect");
  });
  s.on("connect_error", (err: Error) => {
    dispatch("connect_error", err);
    if (!s.active) retry(s);
  });
  s.on("disconnect", (reason: string) => {
    if (reason === "io server disconnect") retry(s); // its token expired: renew, come back quietly
    else dispatch("disconnect", reason);
  });
  return s;
}

/** connectChat returns the tab's socket, opening it on first use; null when nobody is logged in. */
export function connectChat(): Socket | null {
  const { token, user } = getSession();
  if (!token) return null;
  if (!socket) {
    socket = open();
    owner = user?.id ?? null;
  }
  return socket;
}

/** closeChat closes the socket (logout); the next connectChat opens a new one. */
export function closeChat(): void {
  clearTimeout(retryTimer);
  retries = 0;
  socket?.disconnect();
  socket = null;
  owner = null;
}

// Logging out, or logging in as someone else, ends the old user's socket.
subscribeSession((s) => {
  if (!socket) return;
  const id = s.user?.id ?? null;
  if (!s.token || (owner !== null && id !== null && id !== owner)) closeChat();
  else owner ??= id;
});

/** chatConnected tells whether the socket is connected now. */
export function chatConnected(): boolean {
  return !!socket?.connected;
}

/** onChat calls fn for every event of that name from any socket of this tab; it returns the unsubscribe. */
export function onChat<E extends keyof ServerEvents>(event: E, fn: (payload: ServerEvents[E]) => void): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(fn as Handler);
  return () => void set.delete(fn as Handler);
}

/** onConnected calls fn now if the socket is connected and again on every (re)connection. */
export function onConnected(fn: () => void): () => void {
  const off = onChat("connect", fn);
  connectChat();
  if (chatConnected()) fn();
  return off;
}

/** emitChat sends an event and resolves with its acknowledgement (a refusal when none comes in time). */
export function emitChat<E extends keyof ClientEvents>(
  event: E,
  ...payload: ClientEvents[E] extends void ? [] : [ClientEvents[E]]
): Promise<Ack> {
  const s = connectChat();
  if (!s) return Promise.resolve({ ok: false, message: NO_ANSWER });
  return new Promise((resolve) => {
    s.timeout(ACK_TIMEOUT_MS).emit(event, ...payload, (err: Error | null, raw: unknown) =>
      resolve(err ? { ok: false, message: NO_ANSWER } : parseAck(raw, NO_ANSWER)),
    );
  });
}
