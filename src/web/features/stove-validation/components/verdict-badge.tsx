import { VALIDATION_VERDICT_LABELS, type ValidationVerdict } from '@common/contracts/stove-ids';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

/**
 * One colour per verdict: green passes; statuses keep the colours of the stove ID status badges;
 * problems with the code itself are red, a repeat amber, another factory orange. Dark text on a
 * light tint keeps 4.5:1 contrast.
 */
export const VERDICT_CLASSES: Record<ValidationVerdict, string> = {
  pass: 'bg-[oklch(0.93_0.08_150)] text-[oklch(0.35_0.11_150)]',
  in_stock: 'bg-[oklch(0.95_0.04_250)] text-[oklch(0.38_0.12_255)]',
  validated: 'bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  sold: 'bg-[oklch(0.95_0.04_300)] text-[oklch(0.4_0.14_300)]',
  in_transit: 'bg-[oklch(0.95_0.05_200)] text-[oklch(0.39_0.08_210)]',
  void: 'bg-[oklch(0.94_0.01_260)] text-[oklch(0.4_0.02_260)]',
  duplicate: 'bg-[oklch(0.95_0.07_90)] text-[oklch(0.4_0.09_70)]',
  wrong_factory: 'bg-[oklch(0.94_0.06_55)] text-[oklch(0.42_0.13_45)]',
  unknown: 'bg-[oklch(0.95_0.03_25)] text-[oklch(0.45_0.17_27)]',
  bad_check_digit: 'bg-[oklch(0.95_0.03_25)] text-[oklch(0.45_0.17_27)]',
  malformed: 'bg-[oklch(0.95_0.03_25)] text-[oklch(0.45_0.17_27)]',
};

export function VerdictBadge({ verdict, className }: { verdict: ValidationVerdict; className?: string }) {
  return (
    <Badge
      variant="outline"
      data-verdict={verdict}
      className={cn('border-transparent', VERDICT_CLASSES[verdict], className)}
    >
      {VALIDATION_VERDICT_LABELS[verdict]}
    </Badge>
  );
}
