/** How the productivity screens write numbers: missing figures as "—", attainment as a percentage and a band. */
import { dayLabel } from '@common/calendar-days';

/** Shown for a figure that cannot be computed (no daily report, no target). */
export const MISSING = '—';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const upToTwo = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "1,234" or "7.5"; "—" for null. */
export function formatFigure(value: number | null, decimals: 0 | 2 = 2): string {
  if (value === null) return MISSING;
  return (decimals === 0 ? whole : upToTwo).format(value);
}

/** 0.8347 → "83%"; "—" for null. */
export function formatPercent(attainment: number | null): string {
  return attainment === null ? MISSING : `${whole.format(attainment * 100)}%`;
}

export type AttainmentBand = 'none' | 'below' | 'near' | 'met';

/** Below 80% of target, 80% up to 100%, target met; none when there is no target. */
export function attainmentBand(attainment: number | null): AttainmentBand {
  if (attainment === null) return 'none';
  if (attainment >= 1) return 'met';
  return attainment >= 0.8 ? 'near' : 'below';
}

export const BAND_LABELS: Record<AttainmentBand, string> = {
  none: 'no target',
  below: 'below 80% of target',
  near: '80-99% of target',
  met: 'target met',
};

/** "5 Mar 2026" from a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return dayLabel(day);
}
