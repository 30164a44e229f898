/**
 * Charts take turns to be drawn (ChartFrame): one chart's drawing is one main-thread task, and
 * the browser paints and answers clicks and keys before the next begins. recharts draws a chart
 * in React's commit (its parts register in layout effects), so charts drawn together make one
 * task as long as all of them: 200-350 ms for the Admin dashboard's on this machine.
 */
export interface ChartTurns {
  /**
   * Queues `draw` (it shows the chart); call the answer's `drawn` once the chart is on screen, and
   * `cancel` when the chart goes away (a turn being taken is then passed on).
   */
  take(draw: () => void): { drawn(): void; cancel(): void };
}

/** `later` runs the next turn after this one (a timer in the browser, so the browser paints first). */
export function chartTurns(later: (next: () => void) => void): ChartTurns {
  const waiting: (() => void)[] = [];
  let current: (() => void) | null = null;
  const next = () => {
    current = waiting.shift() ?? null;
    current?.();
  };
  return {
    take(draw) {
      let state: 'waiting' | 'drawing' | 'done' = 'waiting';
      const turn = () => {
        state = 'drawing';
        draw();
      };
      waiting.push(turn);
      if (current === null) next();
      const finish = () => {
        if (state !== 'drawing') return;
        state = 'done';
        later(() => {
          if (current === turn) next();
        });
      };
      return {
        drawn: finish,
        cancel() {
          if (state === 'waiting') {
            waiting.splice(waiting.indexOf(turn), 1);
            state = 'done';
          } else finish();
        },
      };
    },
  };
}
