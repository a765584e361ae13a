// Loads a screen's code on first use, so the first page load carries only the shell and home.
import type { ComponentType, FunctionComponent } from "react";
import { useEffect, useState } from "react";
import { Button, Loading, StatusCard } from "./ui";
import { CompassIcon } from "./ui/icons";

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** lazy wraps a dynamic import into a component that shows a loading text until the code arrives. */
export function lazy<P extends object>(load: Loader<P>): FunctionComponent<P> & { preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const start = () => {
    pending ??= load().then(
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
    const [, setTick] = useState(0);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let alive = true;
      start().then(
        () => alive && setTick((n) => n + 1),
        () => alive && setFailed(true),
      );
      return () => {
        alive = false;
      };
    }, []);
    if (loaded) {
      const C = loaded;
      return <C {...props} />;
    }
    if (failed) {
      return (
        <StatusCard icon={<CompassIcon size={40} />} title="بارگذاری این بخش ممکن نشد" text="اتصال اینترنت را بررسی کنید و دوباره تلاش کنید." tone="warn">
          <Button onClick={() => location.reload()}>تلاش دوباره</Button>
        </StatusCard>
      );
    }
    return <Loading />;
  };
  Lazy.preload = () => void start().catch(() => undefined);
  return Lazy;
}
