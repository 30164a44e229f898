import { CalendarHeartIcon, CircleDotIcon, FactoryIcon, TruckIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { CALENDAR_CATEGORIES, CALENDAR_CATEGORY_LABELS, type CalendarCategory } from '@common/contracts/calendar';
import { cn } from '@web/lib/utils';

/** Each category's colours (chip, swatch) and icon: never colour alone, the icon and the label say it too. */
export const CATEGORY_STYLES: Record<CalendarCategory, { chip: string; swatch: string; icon: LucideIcon }> = {
  production: { chip: 'border-l-blue-600 bg-blue-50 text-blue-950', swatch: 'bg-blue-600', icon: FactoryIcon },
  delivery: { chip: 'border-l-amber-600 bg-amber-50 text-amber-950', swatch: 'bg-amber-600', icon: TruckIcon },
  meeting: { chip: 'border-l-violet-600 bg-violet-50 text-violet-950', swatch: 'bg-violet-600', icon: UsersIcon },
  holiday: {
    chip: 'border-l-emerald-600 bg-emerald-50 text-emerald-950',
    swatch: 'bg-emerald-600',
    icon: CalendarHeartIcon,
  },
  other: { chip: 'border-l-slate-500 bg-slate-100 text-slate-950', swatch: 'bg-slate-500', icon: CircleDotIcon },
};

/** The category as a small labelled badge (list and week views, details). */
export function CategoryBadge({ category, className }: { category: CalendarCategory; className?: string }) {
  const style = CATEGORY_STYLES[category];
  const Icon = style.icon;
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border border-l-4 px-1.5 py-0.5 text-xs font-medium',
        style.chip,
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {CALENDAR_CATEGORY_LABELS[category]}
    </span>
  );
}

/** What each colour and icon means. */
export function CategoryLegend() {
  return (
    <ul aria-label="Categories" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {CALENDAR_CATEGORIES.map((category) => {
        const Icon = CATEGORY_STYLES[category].icon;
        return (
          <li key={category} className="flex items-center gap-1.5">
            <span className={cn('size-2.5 rounded-sm', CATEGORY_STYLES[category].swatch)} aria-hidden="true" />
            <Icon className="size-3.5" aria-hidden="true" />
            {CALENDAR_CATEGORY_LABELS[category]}
          </li>
        );
      })}
    </ul>
  );
}
