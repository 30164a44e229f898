import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useController, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PlusIcon, ShoppingCartIcon, Trash2Icon } from 'lucide-react';
import { dayLabel, isIsoDay } from '@common/calendar-days';
import { partnerSchema, type Partner } from '@common/contracts/partners';
import {
  SALES_ORDER_CODES_MAX,
  SALES_ORDER_LINES_MAX,
  SALES_ORDER_QUANTITY_MAX,
  createSalesOrderSchema,
  salesOrderNumberLabel,
  type CreateSalesOrder,
  type SalesOrderDetail,
} from '@common/contracts/sales-orders';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { counted } from '@common/counted';
import { CheckedCodeEntry } from '@web/components/code-check/checked-code-entry';
import { checkingText, checkState } from '@web/components/code-check/code-check.model';
import { useCheckInput } from '@web/components/code-check/use-check-input';
import { problemsOf } from '@web/components/code-entry/code-problems.model';
import { SelectField, TextField, TextareaField } from '@web/components/form/form-fields';
import { SubmitBar } from '@web/components/form/submit-bar';
import { SubmitButton } from '@web/components/form/submit-button';
import { DraftNotice } from '@web/components/form/draft-notice';
import { useAppForm } from '@web/components/form/use-app-form';
import { useDraft, type DraftOwner } from '@web/lib/use-draft';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { errorMessage } from '@web/lib/api-client';
import { localToday } from '@web/lib/local-today';
import { useSalesOrderCheck } from '../api/check-sales-order';
import { useCreateSalesOrder } from '../api/create-sales-order';
import { useSalesOrderPrices } from '../api/get-sales-order-prices';
import { CustomerCombobox } from './customer-combobox';
import {
  SALES_ORDER_PATH,
  SALE_ACTION,
  buyerOf,
  completeLines,
  idProgress,
  isQuantity,
  isSellable,
  money,
  moneyList,
  orderReadiness,
  orderTotals,
  packageOptionLabel,
  prefillBuyer,
  priceLines,
  refusedCodes,
  stoveIds,
  stoves,
  verdictsByCode,
  type BuyerFields,
  type PricedLine,
  type QuotedPackage,
  type SalesOrderViewer,
} from './sales-order.model';

type OrderForm = UseFormReturn<CreateSalesOrder, unknown, z.output<typeof createSalesOrderSchema>>;

/** What a draft of the form keeps: the values as typed, and the customer chosen (for its name). */
const draftSchema = z.object({
  order: z.object({
    date: z.string(),
    factoryId: z.string(),
    customerId: z.string(),
    categoryId: z.string().nullish(),
    // An emptied quantity is NaN, stored as null.
    lines: z.array(
      z.object({
        packageId: z.string(),
        quantity: z
          .number()
          .nullable()
          .transform((n) => n ?? Number.NaN),
      }),
    ),
    codes: z.array(z.string()),
    buyerName: z.string(),
    buyerPhone: z.string().nullish(),
    buyerLocation: z.string().nullish(),
    note: z.string().nullish(),
  }),
  customer: partnerSchema.nullable(),
});
type OrderDraft = z.output<typeof draftSchema>;

function describeDraft({ order, customer }: OrderDraft): string {
  const lines = order.lines.filter((line) => line.packageId !== '').length;
  const parts = [customer ? `a sales order for ${customer.name}` : 'a sales order'];
  if (lines > 0) parts.push(`with ${counted(lines, 'line')}`);
  if (order.codes.length > 0) parts.push(`${lines > 0 ? 'and' : 'with'} ${stoveIds(order.codes.length)}`);
  return parts.join(' ');
}

interface SalesOrderFormProps {
  viewer: SalesOrderViewer & DraftOwner;
  /** Active factories (global sellers choose one). */
  factories: readonly { id: string; name: string; code: string }[];
  /** Active sales categories. */
  categories: readonly { id: string; name: string; code: string }[];
}

/**
 * A new sales order: day, factory (a factory-scoped seller's own), customer (searched), sales
 * category (the customer's default), buyer (from the customer), lines of packages with the price in
 * force, and the stove IDs delivered by scan or paste, each checked live. Save is possible once
 * the IDs match the lines' stoves and all can be sold; the server prices the order and marks the IDs
 * sold, all or nothing.
 */
export function SalesOrderForm({ viewer, factories, categories }: SalesOrderFormProps) {
  const navigate = useNavigate();
  const formId = useId();
  const today = localToday();
  const ownFactory = viewer.isGlobal ? null : viewer.factory;
  const create = useCreateSalesOrder();
  const [customer, setCustomer] = useState<Partner | null>(null);
  const [problems, setProblems] = useState<CodeProblem[] | null>(null);
  const prefilled = useRef<BuyerFields | null>(null);

  const defaultValues: CreateSalesOrder = {
    date: today,
    factoryId: ownFactory?.id ?? '',
    customerId: '',
    categoryId: '',
    lines: [{ packageId: '', quantity: 1 }],
    codes: [],
    buyerName: '',
    buyerPhone: '',
    buyerLocation: '',
    note: '',
  };
  const { form, onSubmit, isSubmitting } = useAppForm({
    schema: createSalesOrderSchema,
    defaultValues,
    onSubmit: async (values) => {
      setProblems(null);
      try {
        return await create.mutateAsync(values);
      } catch (error) {
        // The list is checked again meanwhile: the mutation refreshes every sales query when it settles.
        setProblems(problemsOf(error));
        throw error;
      }
    },
    errorTitle: 'The order was not saved',
    onSuccess: (order: SalesOrderDetail) => {
      draft.clear();
      toast.success(`Order ${salesOrderNumberLabel(order.number)} saved`, {
        description: `${stoves(order.stoveCount)} sold to ${order.customer.name}: ${money(order.total, order.currency)}.`,
      });
      void navigate(`${SALES_ORDER_PATH}/${order.id}`, { replace: true });
    },
  });

  const [date, factoryId, categoryId, customerId] = useWatch({
    control: form.control,
    name: ['date', 'factoryId', 'categoryId', 'customerId'],
  });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as CreateSalesOrder;
  const draft = useDraft<OrderDraft>({
    screen: 'sales-order',
    userId: viewer.user.id,
    value: { order: values, customer },
    isEmpty: ({ order }) =>
      !order.customerId &&
      order.codes.length === 0 &&
      order.lines.every((line) => !line.packageId) &&
      [order.buyerName, order.buyerPhone, order.buyerLocation, order.note].every((text) => !text?.trim()),
    schema: draftSchema,
    restore: ({ order, customer: chosen }) => {
      form.reset(order, { keepDefaultValues: true });
      setCustomer(chosen);
      prefilled.current = chosen ? buyerOf(chosen) : null;
    },
    reset: () => {
      form.reset(defaultValues);
      setCustomer(null);
      setProblems(null);
      prefilled.current = null;
    },
  });
  const codesField = useController({ control: form.control, name: 'codes' });
  const codes = codesField.field.value;

  // The prices in force for the order's day and category.
  const quoteInput = categoryId && isIsoDay(date) ? { date, categoryId } : null;
  const quote = useSalesOrderPrices(quoteInput);
  const priced = useMemo(() => priceLines(lines, quote.data), [lines, quote.data]);
  const totals = orderTotals(lines, priced);

  // Check after each change, once the list has been still for a moment (an order's worth at most).
  // With the lines chosen so far, so an ID of a model they do not need is flagged while scanning.
  const checkLines = useMemo(() => completeLines(lines), [lines]);
  const request = useMemo(
    () =>
      factoryId && codes.length > 0 && codes.length <= SALES_ORDER_CODES_MAX
        ? { factoryId, codes, lines: checkLines }
        : null,
    [factoryId, codes, checkLines],
  );
  const { input, listKey, waiting } = useCheckInput(request);
  const check = useSalesOrderCheck(input, listKey);
  const byCode = useMemo(() => verdictsByCode(check.data), [check.data]);
  const readiness = orderReadiness({
    factoryId,
    customerId,
    categoryId: categoryId ?? '',
    date,
    lines,
    priced,
    pricesLoading: quoteInput !== null && quote.isPending,
    codes,
    byCode,
    ...checkState(check, waiting),
  });
  const refused = useMemo(() => refusedCodes(codes, byCode), [codes, byCode]);

  const changeCodes = useCallback(
    (next: string[]) => {
      codesField.field.onChange(next);
      setProblems(null);
    },
    [codesField.field],
  );

  const chooseCustomer = (next: Partner | null) => {
    setCustomer(next);
    const submitted = form.formState.isSubmitted;
    form.setValue('customerId', next?.id ?? '', { shouldDirty: true, shouldValidate: submitted });
    if (!next) return;
    if (next.defaultSalesCategory && categories.some((c) => c.id === next.defaultSalesCategory?.id))
      form.setValue('categoryId', next.defaultSalesCategory.id, { shouldDirty: true, shouldValidate: submitted });
    const current: BuyerFields = {
      buyerName: form.getValues('buyerName'),
      buyerPhone: form.getValues('buyerPhone') ?? '',
      buyerLocation: form.getValues('buyerLocation') ?? '',
    };
    const filled = buyerOf(next);
    const buyer = prefillBuyer(current, prefilled.current, filled);
    prefilled.current = filled;
    for (const key of ['buyerName', 'buyerPhone', 'buyerLocation'] as const)
      form.setValue(key, buyer[key], { shouldDirty: true, shouldValidate: submitted && buyer[key] !== '' });
  };

  const { errors } = form.formState;
  const codesCount = codes.length;
  const needed = totals.stoves;
  const countsMatch = codesCount === needed && needed > 0;

  return (
    <>
      <DraftNotice draft={draft} describe={describeDraft} />
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Sale</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField form={form} name="date" label="Date of sale" type="date" max={today} required />
            {ownFactory ? (
              <div className="flex flex-col gap-2">
                <span className="text-sm leading-none font-medium">Factory</span>
                <p className="flex h-9 items-center text-sm">
                  {ownFactory.name} ({ownFactory.code})
                </p>
              </div>
            ) : (
              <SelectField
                form={form}
                name="factoryId"
                label="Factory"
                placeholder="Choose a factory"
                options={factories.map((f) => ({ value: f.id, label: `${f.name} (${f.code})` }))}
              />
            )}
            <div className="sm:col-span-2">
              <CustomerCombobox
                label="Customer"
                customer={customer}
                onChange={chooseCustomer}
                error={errors.customerId?.message}
              />
            </div>
            <SelectField
              form={form}
              name="categoryId"
              label="Sales category"
              placeholder="Choose a category"
              description={
                customer && !customer.defaultSalesCategory
                  ? 'This customer has no default category: choose one.'
                  : 'The customer’s default; prices depend on it.'
              }
              options={categories.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Packages</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <OrderLines
              form={form}
              priced={priced}
              quote={quote.data?.packages}
              quoteState={
                !categoryId
                  ? 'Choose the sales category to see the packages and their prices.'
                  : quote.isPending
                    ? 'Loading the prices...'
                    : quote.isError
                      ? `The prices could not be loaded: ${errorMessage(quote.error)}`
                      : quote.data.packages.length === 0
                        ? 'There are no active sales packages: ask a sales manager to add them.'
                        : null
              }
              onRetry={quote.isError ? () => void quote.refetch() : undefined}
              date={date}
            />
            <dl className="flex flex-wrap gap-x-8 gap-y-2 rounded-md bg-muted/50 px-4 py-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Packages</dt>
                <dd className="font-medium tabular-nums">{totals.packages.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Stoves to deliver</dt>
                <dd className="font-medium tabular-nums">{totals.stoves.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Order total</dt>
                <dd className="text-base font-semibold tabular-nums">{moneyList(totals.total)}</dd>
              </div>
            </dl>
            <p className="text-xs text-muted-foreground">
              Prices are those in force on the day of the sale; the total is worked out again when the order is saved.
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Buyer</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <TextField form={form} name="buyerName" label="Buyer name" autoComplete="off" maxLength={200} />
            <TextField
              form={form}
              name="buyerPhone"
              label="Phone (optional)"
              type="tel"
              autoComplete="off"
              maxLength={50}
            />
            <TextField
              form={form}
              name="buyerLocation"
              label="Location (optional)"
              autoComplete="off"
              maxLength={300}
            />
            <TextareaField
              form={form}
              name="note"
              label="Note (optional)"
              rows={2}
              maxLength={1000}
              className="sm:col-span-3"
            />
          </CardContent>
        </Card>
      </form>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Stove IDs delivered</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p
            role="status"
            aria-live="polite"
            className={countsMatch ? 'text-sm font-medium' : 'text-sm font-medium text-amber-700 dark:text-amber-400'}
            data-testid="order-id-progress"
          >
            {idProgress(codesCount, needed)}
            {needed === 0
              ? ': choose the packages first.'
              : codesCount < needed
                ? `: scan ${(needed - codesCount).toLocaleString('en-US')} more.`
                : codesCount > needed
                  ? `: ${(codesCount - needed).toLocaleString('en-US')} too many.`
                  : '.'}
          </p>
          <CheckedCodeEntry
            label="Stove IDs delivered"
            codes={codes}
            onChange={changeCodes}
            disabled={isSubmitting}
            listError={errors.codes?.message}
            byCode={byCode}
            checking={request !== null}
            passedText={(item) => (isSellable(item) ? 'Validated: can be sold' : null)}
            action={SALE_ACTION}
            summary={
              codesCount === 0
                ? 'Add the stove IDs to see whether they can be sold.'
                : !factoryId
                  ? 'Choose the factory to check the stove IDs.'
                  : codesCount > SALES_ORDER_CODES_MAX
                    ? readiness.blocked
                    : (checkingText(codesCount, readiness.checked) ??
                      `${readiness.ok.toLocaleString('en-US')} can be sold, ${readiness.problems.toLocaleString('en-US')} cannot.`)
            }
            announceSummary={false}
            check={check}
            refused={refused}
            problems={problems}
            problemsTitle={(count) => `The order was refused (${counted(count, 'problem')})`}
            problemsReasonHeader="Why"
          />
        </CardContent>
      </Card>

      <SubmitBar
        blocked={readiness.blocked}
        pending={isSubmitting}
        ready={`${stoveIds(codesCount)} become sold to ${customer?.name ?? 'the customer'} on ${dayLabel(date)}.`}
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center"
      >
        {(action) => (
          <>
            <SubmitButton {...action} form={formId} busy={isSubmitting} busyText="Saving...">
              <ShoppingCartIcon aria-hidden="true" />
              {needed > 0 ? `Sell ${stoves(needed)}` : 'Save order'}
            </SubmitButton>
            <Link to={SALES_ORDER_PATH} className={buttonVariants({ variant: 'outline' })}>
              Cancel
            </Link>
          </>
        )}
      </SubmitBar>
    </>
  );
}

function OrderLines({
  form,
  priced,
  quote,
  quoteState,
  onRetry,
  date,
}: {
  form: OrderForm;
  priced: readonly PricedLine[];
  quote: readonly QuotedPackage[] | undefined;
  /** Why the packages cannot be chosen yet (null: they can). */
  quoteState: string | null;
  onRetry: (() => void) | undefined;
  date: string;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const baseId = useId();
  const { errors } = form.formState;
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;
  const options = quote ?? [];

  return (
    <div className="flex flex-col gap-3">
      {quoteState ? (
        <p className={onRetry ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {quoteState}{' '}
          {onRetry ? (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3" aria-label="Order lines">
        {fields.map((field, index) => {
          const line = priced[index];
          const chosen = lines[index]?.packageId ?? '';
          const taken = new Set(lines.filter((_, i) => i !== index).map((l) => l.packageId));
          const packageError = errors.lines?.[index]?.packageId?.message;
          const quantityError = errors.lines?.[index]?.quantity?.message;
          const ids = { pkg: `${baseId}-${field.id}-package`, qty: `${baseId}-${field.id}-quantity` };
          const unpriced = line?.package && !line.price;
          const quantity = lines[index]?.quantity ?? Number.NaN;
          return (
            <li
              key={field.id}
              className="grid gap-3 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_7rem_minmax(8rem,auto)_auto] sm:items-start"
            >
              <div className="flex min-w-0 flex-col gap-2">
                <Label htmlFor={ids.pkg}>{`Package, line ${index + 1}`}</Label>
                <NativeSelect
                  id={ids.pkg}
                  {...form.register(`lines.${index}.packageId`)}
                  disabled={options.length === 0}
                  aria-invalid={packageError || unpriced ? true : undefined}
                  aria-describedby={packageError || unpriced ? `${ids.pkg}-error` : undefined}
                >
                  <option value="">Choose a package</option>
                  {options.map((p) => (
                    <option key={p.id} value={p.id} disabled={!p.price || (taken.has(p.id) && p.id !== chosen)}>
                      {packageOptionLabel(p)}
                      {taken.has(p.id) && p.id !== chosen ? ' · already on the order' : ''}
                    </option>
                  ))}
                  {chosen && !options.some((p) => p.id === chosen) && options.length > 0 ? (
                    <option value={chosen} disabled>
                      A package no longer sold
                    </option>
                  ) : null}
                </NativeSelect>
                {packageError || unpriced ? (
                  <p id={`${ids.pkg}-error`} className="text-sm text-destructive">
                    {packageError ?? `No price in force on ${dayLabel(date)} for this category.`}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={ids.qty}>Quantity</Label>
                <Input
                  id={ids.qty}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={SALES_ORDER_QUANTITY_MAX}
                  step={1}
                  {...form.register(`lines.${index}.quantity`, { valueAsNumber: true })}
                  aria-invalid={quantityError ? true : undefined}
                  aria-describedby={quantityError ? `${ids.qty}-error` : undefined}
                />
                {quantityError ? (
                  <p id={`${ids.qty}-error`} className="text-sm text-destructive">
                    {quantityError}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-1 text-sm sm:pt-6" aria-live="polite">
                {line?.price ? (
                  <>
                    <span className="tabular-nums">
                      {money(line.price.unitPrice, line.price.currency)} each
                      {line.package ? ` · ${stoves(line.package.stovesPerPackage)} each` : ''}
                    </span>
                    <span className="font-medium tabular-nums">
                      {isQuantity(quantity)
                        ? `Line total ${money(line.lineTotal, line.price.currency)}`
                        : 'Enter a quantity'}
                      {line.stoves > 0 ? ` · ${stoves(line.stoves)}` : ''}
                    </span>
                  </>
                ) : (
                  <span className="text-muted-foreground">{chosen ? '' : 'No package chosen'}</span>
                )}
              </div>
              <div className="sm:pt-6">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {linesError ? <p className="text-sm text-destructive">{linesError}</p> : null}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= SALES_ORDER_LINES_MAX}
          onClick={() => append({ packageId: '', quantity: 1 })}
        >
          <PlusIcon aria-hidden="true" />
          Add a package
        </Button>
        {fields.length >= SALES_ORDER_LINES_MAX ? (
          <span className="ml-3 text-sm text-muted-foreground">
            An order has at most {SALES_ORDER_LINES_MAX} lines.
          </span>
        ) : null}
      </div>
    </div>
  );
}
