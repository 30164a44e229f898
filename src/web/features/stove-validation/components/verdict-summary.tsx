import { VALIDATION_VERDICT_LABELS, type ValidationResult, type ValidationVerdict } from '@common/contracts/stove-ids';
import { cn } from '@web/lib/utils';
import { summaryEntries } from './validation.model';
import { VERDICT_CLASSES } from './verdict-badge';

interface VerdictSummaryProps {
  summary: ValidationResult['summary'];
  total: number;
  /** The verdict the table is filtered by (null: all). */
  selected: ValidationVerdict | null;
  onSelect: (verdict: ValidationVerdict | null) => void;
}

const card =
  'flex min-w-0 flex-col items-start gap-1 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:ring-1 aria-pressed:ring-primary';

/** A card per verdict the list got, with its count; pressing one filters the table (again: all). */
export function VerdictSummary({ summary, total, selected, onSelect }: VerdictSummaryProps) {
  return (
    <div
      role="group"
      aria-label="Verdict counts: choose one to filter the table"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
    >
      <button
        type="button"
        className={card}
        aria-label={`All: ${total.toLocaleString('en-US')}`}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        <span className="text-sm text-muted-foreground">All</span>
        <span className="text-2xl font-semibold tabular-nums">{total.toLocaleString('en-US')}</span>
      </button>
      {summaryEntries(summary).map(({ verdict, count }) => (
        <button
          key={verdict}
          type="button"
          className={card}
          aria-label={`${VALIDATION_VERDICT_LABELS[verdict]}: ${count.toLocaleString('en-US')}`}
          aria-pressed={selected === verdict}
          data-verdict={verdict}
          onClick={() => onSelect(selected === verdict ? null : verdict)}
        >
          <span className={cn('rounded-md px-1.5 py-0.5 text-xs font-medium', VERDICT_CLASSES[verdict])}>
            {VALIDATION_VERDICT_LABELS[verdict]}
          </span>
          <span className="text-2xl font-semibold tabular-nums">{count.toLocaleString('en-US')}</span>
        </button>
      ))}
    </div>
  );
}
