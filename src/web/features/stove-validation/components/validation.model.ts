/**
 * The rules of the Validate Stove IDs screen, as pure functions: what is sent, which IDs can be
 * approved, filtering and paging the verdicts, the CSV of the verdicts and a refused approval.
 */
import { localToday } from '@web/lib/local-today';
import { counted } from '@common/counted';
import {
  VALIDATION_VERDICTS,
  VALIDATION_VERDICT_LABELS,
  type ValidationResult,
  type ValidationVerdict,
} from '@common/contracts/stove-ids';

export type VerdictItem = ValidationResult['items'][number];
type FactoryRef = ValidationResult['factories'][number];

/**
 * The codes to validate: the list, then the repeats the code entry set aside (each occurrence
 * past the first), so the server reports them as duplicates. Repeats of codes no longer in the
 * list are dropped.
 */
export function requestCodes(codes: readonly string[], repeats: readonly string[]): string[] {
  if (repeats.length === 0) return [...codes];
  const inList = new Set(codes);
  return [...codes, ...repeats.filter((code) => inList.has(code))];
}

/** The codes that pass (coupled, at the right factory): what "Approve" sends. */
export function passingCodes(items: readonly VerdictItem[]): string[] {
  return items.filter((item) => item.verdict === 'pass').map((item) => item.code);
}

/** The verdicts a list got, in the contract's order, with their counts (none left out when zero). */
export function summaryEntries(summary: ValidationResult['summary']): { verdict: ValidationVerdict; count: number }[] {
  return VALIDATION_VERDICTS.map((verdict) => ({ verdict, count: summary[verdict] })).filter((e) => e.count > 0);
}

/** The items with one verdict (all of them for null). */
export function filterItems<T extends { verdict: ValidationVerdict }>(
  items: readonly T[],
  verdict: ValidationVerdict | null,
): readonly T[] {
  return verdict === null ? items : items.filter((item) => item.verdict === verdict);
}

/** One page of rows (0-based `page`), the page clamped to the last one. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size: number,
): { rows: readonly T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return { rows: rows.slice(current * size, (current + 1) * size), page: current, pages };
}

/** "STV00012347" → its first verdict: what the code entry shows beside each code. */
export function verdictByCode(items: readonly VerdictItem[]): Map<string, ValidationVerdict> {
  const map = new Map<string, ValidationVerdict>();
  for (const item of items) if (!map.has(item.code)) map.set(item.code, item.verdict);
  return map;
}

/** "NBO — Nairobi Central Plant", or the code alone when the factory is not in the list. */
export function factoryLabel(code: string, factories: readonly FactoryRef[]): string {
  const factory = factories.find((f) => f.code === code);
  return factory ? `${factory.code} — ${factory.name}` : code;
}

/** One CSV field: RFC 4180 quoting; a leading = + - @ is neutralised so spreadsheets do not run it (as the server's exports). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The verdicts as CSV (with a BOM, so spreadsheets read UTF-8): line, stove ID, verdict, factory. */
export function verdictsCsv(items: readonly VerdictItem[], factories: readonly FactoryRef[]): string {
  const names = new Map(factories.map((f) => [f.code, f.name]));
  const lines = ['Line,Stove ID,Verdict,Verdict code,Factory code,Factory'];
  items.forEach((item, index) => {
    const name = item.factoryCode ? (names.get(item.factoryCode) ?? null) : null;
    lines.push(
      [
        csvField(index + 1),
        csvField(item.code),
        csvField(VALIDATION_VERDICT_LABELS[item.verdict]),
        csvField(item.verdict),
        csvField(item.factoryCode),
        csvField(name),
      ].join(','),
    );
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** "stove-id-verdicts-2026-01-31.csv" */
export function csvFileName(now: Date): string {
  return `stove-id-verdicts-${localToday(now)}.csv`;
}

/** "12 stove IDs" */
export function idCount(n: number): string {
  return counted(n, 'stove ID');
}
