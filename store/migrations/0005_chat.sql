-- Support chat (decisions.md §7): one room per customer, its messages, and the files sent in it.
-- Times are unix milliseconds.

CREATE TABLE chat_rooms (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL UNIQUE REFERENCES users (id),
    created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE chat_messages (
    id           INTEGER PRIMARY KEY,
    room_id      INTEGER NOT NULL REFERENCES chat_rooms (id),
    sender_id    INTEGER NOT NULL REFERENCES users (id),
    -- 1: from the shop (an admin); 0: from the room's customer
    is_admin     INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
    message_text TEXT    NOT NULL CHECK (length(message_text) <= 2000),
    file_url     TEXT,
    file_type    TEXT    CHECK (file_type IN ('image', 'audio')),
    created_at   INTEGER NOT NULL,
    -- when the other side first had the room open after the message arrived; NULL while unread
    read_at      INTEGER,
    CHECK (message_text <> '' OR file_url IS NOT NULL),
    CHECK ((file_url IS NULL) = (file_type IS NULL))
) STRICT;
CREATE INDEX chat_messages_room ON chat_messages (room_id, id);
CREATE INDEX chat_messages_unread ON chat_messages (is_admin, room_id) WHERE read_at IS NULL;

-- Uploaded chat files. A customer's upload belongs to their room at once; an admin's is bound to a room
-- when it is first sent there. Only that room's customer and admins may fetch it.
CREATE TABLE chat_files (
    name        TEXT    PRIMARY KEY,
    uploader_id INTEGER NOT NULL REFERENCES users (id),
    room_id     INTEGER REFERENCES chat_rooms (id),
    file_type   TEXT    NOT NULL CHECK (file_type IN ('image', 'audio')),
    size        INTEGER NOT NULL CHECK (size > 0),
    created_at  INTEGER NOT NULL
) STRICT;
