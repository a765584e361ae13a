import { ComingSoonView } from "./status-views";

/** Placeholder until the screen lands. */
export default function Placeholder() {
  return <ComingSoonView title="" />;
}
