/** Before and after of an audit entry, key by key, with the changed keys marked. */

export interface AuditDiffLine {
  key: string;
  /** The value as pretty JSON; undefined when the key is absent on this side. */
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/**
 * One line per top-level key of either side (objects), in first-seen order; a side that is not an
 * object is shown whole under the key "value".
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffLine[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    const b = hasBefore ? pretty(before) : undefined;
    const a = hasAfter ? pretty(after) : undefined;
    return [{ key: 'value', before: b, after: a, changed: b !== a }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => {
    const beforeText = key in b ? pretty(b[key]) : undefined;
    const afterText = key in a ? pretty(a[key]) : undefined;
    return { key, before: beforeText, after: afterText, changed: beforeText !== afterText };
  });
}
