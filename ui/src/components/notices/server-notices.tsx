// The server's own warnings at the top of the admin panel (issue 28): the disk low or full, the replica
// failing for five minutes (the owner's), the clock stepped back. A failed check shows nothing.
import { useLoad } from "../../hooks/use-load";
import { clockNotice, replicaNotice, storageNotice } from "../../lib/server-notices";
import { AlertIcon } from "../ui/icons";
import "../../styles/owner.css";
import { adminApi } from "../../api-admin";

/** ServerNotices shows the server's warnings that apply; the replica's to the owner alone. */
export function ServerNotices({ owner }: { owner: boolean }) {
  const quiet = { onError: () => true };
  const { data: storage } = useLoad(() => adminApi.storage(), "", quiet);
  const { data: clock } = useLoad(() => adminApi.clock(), "", quiet);
  const { data: replica } = useLoad(() => (owner ? adminApi.replica() : Promise.resolve(null)), "", quiet);
  const notices = [storageNotice(storage), replicaNotice(replica), clockNotice(clock)].filter((n) => n !== null);
  return (
    <>
      {notices.map((n) => (
        <section key={n.id} className={`card notice ${n.full ? "notice-warn notice-danger" : "notice-caution"}`} role="alert" data-testid={`${n.id}-warning`}>
          <span className="notice-icon">
            <AlertIcon size={28} />
          </span>
          <div className="notice-body">
            <h2 className="notice-title">{n.title}</h2>
            <p>{n.text}</p>
          </div>
        </section>
      ))}
    </>
  );
}
