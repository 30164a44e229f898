import { startTransition, useEffect, useRef, useState, type ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '@web/lib/utils';
import { chartTurns } from './chart-turns';

/** The page's charts take turns (chart-turns.ts); between two, the browser paints and answers input. */
const turns = chartTurns((next) => setTimeout(next, 0));

/**
 * A chart's figure, named by its card's title and summary. The chart is drawn after the page's
 * first paint, one chart at a time (chart-turns.ts), each in a transition (its rendering yields
 * to input), so several charts are not one long main-thread task. Until it is drawn, the figure
 * keeps its size and says it is busy.
 */
export function ChartFrame({
  labelledBy,
  describedBy,
  className,
  children,
}: {
  labelledBy: string;
  describedBy: string;
  /** Its height (and width, w-full unless said otherwise). */
  className: string;
  /** One recharts chart (BarChart, LineChart…), sized by the frame. */
  children: ReactElement;
}) {
  const turn = useRef<ReturnType<typeof turns.take>>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const taken = turns.take(() => startTransition(() => setDrawn(true)));
    turn.current = taken;
    return () => taken.cancel();
  }, []);
  useEffect(() => {
    if (drawn) turn.current?.drawn();
  }, [drawn]);
  return (
    <figure
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={drawn ? undefined : true}
      className={cn('w-full', className)}
    >
      {drawn ? (
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      ) : null}
    </figure>
  );
}
