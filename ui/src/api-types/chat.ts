// The support chat. api.ts re-exports every shape (api-types/index.ts).

/** ChatFileType is the kind of a file sent in the chat. */
export type ChatFileType = "image" | "audio";

/** ChatMessage is one message of a support chat room; is_admin marks the shop's messages. */
export type ChatMessage = {
  id: number;
  room_id: number;
  message_text: string;
  file_url: string | null;
  file_type: ChatFileType | null;
  created_at: string;
  is_admin: boolean;
  /** is_read is true once the other side has seen the message. */
  is_read: boolean;
};

/** ChatRoom is a customer's room as the admin's list shows it. */
export type ChatRoom = {
  id: number;
  user_id: number;
  user_name: string;
  user_mobile: string;
  /** last_message is the text, «تصویر» or «پیام صوتی» for a bare file, "" in a room without messages. */
  last_message: string;
  last_message_time: string | null;
  /** unread_count counts the customer's messages no admin has seen. */
  unread_count: number;
};

/** ChatUpload is the answer of POST /api/chat/upload. */
export type ChatUpload = { file_url: string; file_type: ChatFileType };

// ---- the shop, its people and its safety (issue 15) --------------------------------------------------------
