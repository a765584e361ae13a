// Loads a screen's code on first use, so the first page load carries only the shell and home.
import type { ComponentType, FunctionComponent } from "react";
import { useEffect, useState } from "react";
import { track } from "../../lib/after-idle";
import { Button, Loading, StatusCard } from "../ui";
import { CompassIcon } from "../ui/icons";

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** lazy wraps a dynamic import into a component that shows a loading text until the code arrives. */
export function lazy<P extends object>(load: Loader<P>): FunctionComponent<P> & { preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const start = () => {
    // tracked: what waits for the first screen (lib/after-idle.ts) waits for its code too
    pending ??= track(load()).then(
      (m) => {
        loaded = m.default;
      },
      (err) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = (props: P) => {
    // The code may arrive between this render and its effect (preloadScreen starts the current screen before
    // the first render, and effects run after paint): the effect waits on the load whenever this render had
    // no code, rather than reading whether it has come by now, which left a phone on "loading" for good.
    const [C, setC] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (C) return;
      let alive = true;
      start().then(
        () => alive && setC(() => loaded),
        () => alive && setFailed(true),
      );
      return () => {
        alive = false;
      };
    }, []);
    if (C) return <C {...props} />;
    if (failed) {
      return (
        <StatusCard icon={<CompassIcon size={40} />} title="بارگذاری این بخش ممکن نشد" text="اتصال اینترنت را بررسی کنید و دوباره تلاش کنید." tone="warn">
          <Button onClick={() => location.reload()}>تلاش دوباره</Button>
        </StatusCard>
      );
    }
    return <Loading />;
  };
  // settles once the code is in or could not come: a failure is shown by the component when it renders
  Lazy.preload = () => start().catch(() => undefined);
  return Lazy;
}
