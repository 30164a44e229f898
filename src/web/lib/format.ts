import { viewerTimeZone } from './time-zone';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };
const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter on the viewer's clock (one per zone and shape: building one costs far more than using it). */
function viewerFormat(shape: 'date' | 'dateTime'): Intl.DateTimeFormat {
  const timeZone = viewerTimeZone();
  const key = `${shape} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { ...(shape === 'date' ? DATE : DATE_TIME), timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "5 Mar 2025" from an ISO timestamp, on the viewer's calendar ('' when it is not a date). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : viewerFormat('date').format(date);
}

/** "5 Mar 2025, 14:03" from an ISO timestamp, on the viewer's clock ('' when it is not a date). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : viewerFormat('dateTime').format(date);
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** A file's size for people: "512 B", "4.2 KB", "37 MB", "1.5 GB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${whole.format(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023.96 KB rounds to "1,024 KB": say "1 MB" instead.
  if (Math.round(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${(value < 10 ? oneDecimal : whole).format(value)} ${BYTE_UNITS[unit]}`;
}
