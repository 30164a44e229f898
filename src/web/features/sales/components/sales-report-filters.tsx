import { useId, type ReactNode } from 'react';
import { XIcon } from 'lucide-react';
import {
  SALES_REPORT_GROUPS,
  SALES_REPORT_PERIODS,
  type SalesReport,
  type SalesReportGroup,
  type SalesReportPeriod,
} from '@common/contracts/sales-orders';
import { FactoryFilter } from '@web/components/filters/factory-filter';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useSalesOptions } from '@web/lib/sales-options';
import { cn } from '@web/lib/utils';
import {
  SALES_REPORT_GROUP_LABELS,
  SALES_REPORT_PERIOD_LABELS,
  thisYear,
  type SalesReportFilters,
} from './sales-report-filters.model';

function Field({
  id,
  label,
  error,
  wide = true,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  /** Both phone columns (selects); the days take one each. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', wide && 'col-span-2 sm:col-span-1')}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="max-w-64 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A filter naming a record the options (active ones only) do not list, once they have loaded. */
const missing = (id: string | undefined, options: readonly { id: string }[] | undefined): id is string =>
  Boolean(id && options && !options.some((o) => o.id === id));

/** A filter set from a row of the report (a customer, a seller), shown with a button that removes it. */
function FilterChip({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-sm">
      {label}
      <Button
        variant="ghost"
        size="icon"
        className="size-6"
        aria-label={`Remove the filter ${label}`}
        onClick={onClear}
      >
        <XIcon aria-hidden="true" />
      </Button>
    </span>
  );
}

/**
 * The report's controls: the days (this year so far by default), the period and the grouping,
 * then the filters: factory (users who see every factory), package, sales category; a customer or
 * seller chosen from the report's rows shows as a removable chip.
 */
export function SalesReportFiltersBar({
  filters,
  errors,
  today,
  showFactory,
  named,
  onChange,
}: {
  filters: SalesReportFilters;
  errors: Partial<Record<string, string>>;
  today: string;
  showFactory: boolean;
  /** The customer and seller filtered on, as the last report named them. */
  named: SalesReport['filters'] | undefined;
  onChange: (patch: Partial<SalesReportFilters>) => void;
}) {
  const id = useId();
  const options = useSalesOptions();
  const ids = {
    from: `${id}-from`,
    to: `${id}-to`,
    period: `${id}-period`,
    groupBy: `${id}-group`,
    package: `${id}-package`,
    category: `${id}-category`,
  };
  const day = (name: 'from' | 'to', label: string) => (
    <Field id={ids[name]} label={label} error={errors[name]} wide={false}>
      <Input
        id={ids[name]}
        type="date"
        className="w-full sm:w-40"
        value={filters[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </Field>
  );
  const year = thisYear(today);
  const isThisYear = filters.from === year.from && filters.to === year.to;
  const customerLabel = filters.customerId
    ? `Customer: ${named?.customer?.key === filters.customerId ? named.customer.label : 'chosen customer'}`
    : null;
  const sellerLabel = filters.sellerId
    ? `Seller: ${named?.seller?.key === filters.sellerId ? named.seller.label : 'chosen seller'}`
    : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start">
        {day('from', 'From')}
        {day('to', 'To')}
        <Field id={ids.period} label="Period" error={errors.period}>
          <NativeSelect
            id={ids.period}
            wrapperClassName="w-full sm:w-32"
            value={filters.period}
            aria-invalid={errors.period ? true : undefined}
            aria-describedby={errors.period ? `${ids.period}-error` : undefined}
            onChange={(event) => onChange({ period: event.target.value as SalesReportPeriod })}
          >
            {SALES_REPORT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {SALES_REPORT_PERIOD_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.groupBy} label="Group by">
          <NativeSelect
            id={ids.groupBy}
            wrapperClassName="w-full sm:w-40"
            value={filters.groupBy}
            onChange={(event) => onChange({ groupBy: event.target.value as SalesReportGroup })}
          >
            {SALES_REPORT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {SALES_REPORT_GROUP_LABELS[g]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {showFactory ? (
          <FactoryFilter
            className="col-span-2 min-w-0 sm:col-span-1"
            widthClassName="sm:w-52"
            value={filters.factoryId ?? ''}
            onChange={(factoryId) => onChange({ factoryId: factoryId || undefined })}
          />
        ) : null}
        <Field id={ids.package} label="Package">
          <NativeSelect
            id={ids.package}
            wrapperClassName="w-full sm:w-52"
            value={filters.packageId ?? ''}
            onChange={(event) => onChange({ packageId: event.target.value || undefined })}
          >
            <option value="">All packages</option>
            {missing(filters.packageId, options.data?.packages) ? (
              <option value={filters.packageId}>The chosen package (inactive)</option>
            ) : null}
            {(options.data?.packages ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.code})
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.category} label="Sales category">
          <NativeSelect
            id={ids.category}
            wrapperClassName="w-full sm:w-44"
            value={filters.categoryId ?? ''}
            onChange={(event) => onChange({ categoryId: event.target.value || undefined })}
          >
            <option value="">All categories</option>
            {missing(filters.categoryId, options.data?.categories) ? (
              <option value={filters.categoryId}>The chosen category (inactive)</option>
            ) : null}
            {(options.data?.categories ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.code})
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {isThisYear ? null : (
          <Button variant="outline" size="sm" onClick={() => onChange(year)}>
            This year so far
          </Button>
        )}
        {customerLabel ? (
          <FilterChip label={customerLabel} onClear={() => onChange({ customerId: undefined })} />
        ) : null}
        {sellerLabel ? <FilterChip label={sellerLabel} onClear={() => onChange({ sellerId: undefined })} /> : null}
      </div>
    </div>
  );
}
