import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The one wrapper of uPlot in the back office: it makes the chart in an effect at its holder's
 * width, follows the holder's width, gives it new data when only `data` changes, makes it again
 * when `options` change, and destroys it on unmount. Nothing is drawn until both are there.
 */

/** A chart's options; the wrapper sets its size. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

export interface UplotChartProps {
  /** What is drawn and how; a new object makes a new chart (memoise it). `undefined` until known. */
  options: ChartOptions | undefined;
  /** The x values then each series' values; `undefined` until the first answer. */
  data: uPlot.AlignedData | undefined;
  /** The chart's height in pixels. */
  height: number;
  /** Narrower than this, the chart keeps this width and its holder scrolls sideways. */
  minWidth?: number;
  /** The class of the chart's holder. Example: "bo-chart". */
  className: string;
}

export function UplotChart({ options, data, height, minWidth = 0, className }: UplotChartProps) {
  const target = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  /** The data the chart draws now. */
  const drawn = useRef<uPlot.AlignedData | undefined>(undefined);
  const latestData = useRef(data);
  latestData.current = data;
  const ready = data !== undefined;

  useEffect(() => {
    const element = target.current;
    const first = latestData.current;
    if (!element || !options || !ready || !first) return;
    const widthOf = () => Math.max(element.clientWidth, minWidth);
    const created = new uPlot({ ...options, width: widthOf(), height }, first, element);
    chart.current = created;
    drawn.current = first;
    const observer = new ResizeObserver(() => {
      if (created.width !== widthOf()) created.setSize({ width: widthOf(), height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      created.destroy();
      chart.current = undefined;
      drawn.current = undefined;
    };
  }, [options, height, minWidth, ready]);

  useEffect(() => {
    if (!data || !chart.current || data === drawn.current) return;
    drawn.current = data;
    chart.current.setData(data);
  }, [data]);

  return <div ref={target} className={className} />;
}
