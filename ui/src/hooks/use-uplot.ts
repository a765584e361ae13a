// One uPlot chart's life in a box: uPlot and its stylesheet load on first use (no screen carries them before
// it draws a chart), the chart follows the box's width, redraws its labels once the web font is in, and is
// destroyed with the component or when its data changes.
import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";

export type UPlotClass = typeof uPlot;

let loading: Promise<UPlotClass> | null = null;

/** loadUplot fetches uPlot and its stylesheet once; a failed load may be tried again. */
export function loadUplot(): Promise<UPlotClass> {
  loading ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(
    ([m]) => m.default,
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** UplotBuild makes a chart's options and series for data at a width, once uPlot has loaded. */
export type UplotBuild<D> = (U: UPlotClass, data: D, width: number, height: number) => [uPlot.Options, uPlot.AlignedData];

/**
 * useUplot draws data (nothing while it is null) in the returned box ref, height pixels tall. drawn turns true
 * after the first draw; failed when uPlot could not be loaded. build is read when the data or height change.
 */
export function useUplot<D>(data: D | null, height: number, build: UplotBuild<D>) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!data) return;
    let alive = true;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    loadUplot().then(
      (U) => {
        const el = box.current;
        if (!alive || !el) return;
        const [opts, series] = build(U, data, el.clientWidth, height);
        plot = new U(opts, series, el);
        setDrawn(true);
        observer = new ResizeObserver(() => {
          if (plot && el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height });
        });
        observer.observe(el);
        // the first draw may come before the web font; draw the labels again with it
        document.fonts?.ready.then(() => alive && plot?.redraw(false, true));
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      observer?.disconnect();
      plot?.destroy();
    };
    // build is a function of data and height; a new closure each render must not redraw the chart
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, height]);

  return { box, failed, drawn };
}
