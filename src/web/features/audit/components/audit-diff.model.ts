/**
 * Before and after of an audit entry, field by field, in words a clerk reads: field labels
 * ("Contact person", not contactPerson) and values as the screens show them (text without
 * quotes, numbers with separators, Yes/No, dates), with the changed fields marked.
 */
import { dayLabel, isIsoDay } from '@common/calendar-days';
import { isIsoInstant } from '@common/contracts/fields';
import { formatDateTime } from '@web/lib/format';

export interface AuditDiffLine {
  key: string;
  /** The field as people read it: "Contact person". */
  label: string;
  /** The value as a screen shows it; undefined when the field is absent on this side. */
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "contactPerson", "contact_person", "stovesPerPackage" → "Contact person", "Stoves per package". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  const label = words.replace(/\bid\b/g, 'ID');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A value as the screens show it; objects and lists one field or item per line. */
export function readableValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    if (isIsoDay(value)) return dayLabel(value);
    if (isIsoInstant(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every((v) => !isRecord(v) && !Array.isArray(v))) return value.map((v) => readableValue(v)).join(', ');
    return value.map((v) => `${indent}• ${readableValue(v, `${indent}  `).trimStart()}`).join('\n');
  }
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([k, v]) => {
        const text = readableValue(v, `${indent}  `);
        return text.includes('\n') ? `${indent}${fieldLabel(k)}:\n${text}` : `${indent}${fieldLabel(k)}: ${text}`;
      })
      .join('\n');
  }
  return JSON.stringify(value) ?? '—';
}

/**
 * One line per top-level field of either side (objects), in first-seen order; a side that is not
 * an object is shown whole under "Value". Changed is judged on the values, not on how they read.
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffLine[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    return [
      {
        key: 'value',
        label: 'Value',
        before: hasBefore ? readableValue(before) : undefined,
        after: hasAfter ? readableValue(after) : undefined,
        changed: JSON.stringify(before) !== JSON.stringify(after),
      },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: key in b ? readableValue(b[key]) : undefined,
    after: key in a ? readableValue(a[key]) : undefined,
    changed: !(key in b && key in a) || JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  }));
}
