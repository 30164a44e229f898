import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useWatch,
  type FieldArray,
  type FieldArrayPath,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { INVENTORY_ENTRY_LINES_MAX, type InventoryEntryKind, type InventoryOptions } from '@common/contracts/inventory';
import { TextField } from '@web/components/form/form-fields';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { cn } from '@web/lib/utils';
import { useInventoryStock } from '../api/get-inventory-stock';
import { itemChoiceGroups, lineStockHint, type ItemChoiceGroup } from './entry-form.model';

type OptionItem = InventoryOptions['items'][number];
interface LineBase {
  itemId: string;
  quantity: string;
}
type LinesValues = FieldValues & { lines: LineBase[] };

interface EntryLinesProps<TValues extends LinesValues, TOut> {
  form: UseFormReturn<TValues, unknown, TOut>;
  kind: InventoryEntryKind;
  /** A new line's values. */
  emptyLine: TValues['lines'][number];
  /** Where the lines' stock is read: the factory (input, removal) or the sender (transfer); null until chosen. */
  factory: { id: string; code: string } | null;
  /** The active items (from the options). */
  items: readonly OptionItem[] | undefined;
  /**
   * A line's own fields after the quantity (unit cost, reason); `onEnter` is the keyboard handler
   * a text field among them uses, as the quantity does.
   */
  extra?: (index: number, onEnter: (event: KeyboardEvent<HTMLInputElement>) => void) => ReactNode;
}

/**
 * The lines of an entry: item (with its unit and the stock at the factory), quantity and the
 * kind's own fields; add and remove lines. Enter in a line's quantity (or unit cost) goes to the
 * next line, adding one after the last.
 */
export function EntryLines<TValues extends LinesValues, TOut>({
  form,
  kind,
  emptyLine,
  factory,
  items,
  extra,
}: EntryLinesProps<TValues, TOut>) {
  const hintId = useId();
  const name = 'lines' as FieldArrayPath<TValues>;
  const lines = useFieldArray({ control: form.control, name });
  const values = useWatch({ control: form.control, name: name as Path<TValues> }) as LineBase[] | undefined;
  const groups = useMemo(() => itemChoiceGroups(items ?? []), [items]);
  const itemsById = useMemo(() => new Map((items ?? []).map((i) => [i.id, i])), [items]);
  const at = (index: number, field: string) => `lines.${index}.${field}` as Path<TValues>;
  const full = lines.fields.length >= INVENTORY_ENTRY_LINES_MAX;
  // "Add at least one line" sits on the array itself (or its root, as react-hook-form files it).
  const linesError = form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined;
  const listError = linesError?.message ?? linesError?.root?.message;

  const addLine = () => {
    if (full) return;
    lines.append(emptyLine as FieldArray<TValues, FieldArrayPath<TValues>>, {
      shouldFocus: true,
      focusName: at(lines.fields.length, 'itemId'),
    });
  };

  /** Enter goes to the next line's item, adding a line after the last one. */
  const onLineKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (index < lines.fields.length - 1) form.setFocus(at(index + 1, 'itemId'));
    else addLine();
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium">Lines</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        Each item once. Enter in a quantity moves to the next line, adding one after the last; all lines are saved
        together or not at all.
      </p>
      <ol className="flex flex-col gap-3" aria-label="Lines">
        {lines.fields.map((field, index) => {
          const line = values?.[index];
          return (
            <li
              key={field.id}
              className={cn(
                'grid items-start gap-3 rounded-md border p-3',
                extra
                  ? 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]'
                  : 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]',
              )}
            >
              <ItemSelectField
                form={form}
                name={at(index, 'itemId')}
                label={`Line ${index + 1} item`}
                groups={groups}
                placeholder={items ? 'Choose an item' : 'Loading items...'}
              />
              <LineQuantity
                form={form}
                name={at(index, 'quantity')}
                index={index}
                kind={kind}
                item={line ? itemsById.get(line.itemId) : undefined}
                factory={factory}
                quantityText={line?.quantity ?? ''}
                onKeyDown={onLineKeyDown(index)}
              />
              {extra?.(index, onLineKeyDown(index))}
              <Button
                variant="ghost"
                size="icon"
                className="justify-self-end sm:mt-7"
                aria-label={`Remove line ${index + 1}`}
                disabled={lines.fields.length === 1}
                onClick={() => lines.remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p role="alert" className="text-sm text-destructive">
          {listError}
        </p>
      ) : null}
      <Button variant="outline" size="sm" className="w-fit" disabled={full} onClick={addLine}>
        <PlusIcon aria-hidden="true" />
        Add line
      </Button>
    </fieldset>
  );
}

/** A line's quantity, labelled with the item's unit; the stock at the factory and any shortage under it. */
function LineQuantity<TValues extends LinesValues, TOut>({
  form,
  name,
  index,
  kind,
  item,
  factory,
  quantityText,
  onKeyDown,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: Path<TValues>;
  index: number;
  kind: InventoryEntryKind;
  item: OptionItem | undefined;
  factory: { id: string; code: string } | null;
  quantityText: string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const enabled = item !== undefined && factory !== null;
  const stock = useInventoryStock({ factoryId: factory?.id, itemId: item?.id, limit: 1 }, { enabled });
  const inStock =
    enabled && stock.data && !stock.isPlaceholderData
      ? (stock.data.items.find((r) => r.item.id === item.id && r.factory.id === factory.id)?.quantity ?? 0)
      : null;
  const hint =
    item && factory ? lineStockHint({ kind, unit: item.unit, factoryCode: factory.code, inStock, quantityText }) : null;
  return (
    <TextField
      form={form}
      name={name}
      label={item ? `Line ${index + 1} quantity (${item.unit.symbol})` : `Line ${index + 1} quantity`}
      inputMode="decimal"
      autoComplete="off"
      onKeyDown={onKeyDown}
      description={
        hint ? (
          <span className={cn(hint.short && 'text-destructive')}>{hint.text}</span>
        ) : item && factory && stock.isError ? (
          'The stock could not be loaded.'
        ) : undefined
      }
    />
  );
}

/** A labelled item select whose choices are grouped by category. */
function ItemSelectField<TValues extends LinesValues, TOut>({
  form,
  name,
  label,
  groups,
  placeholder,
}: {
  form: UseFormReturn<TValues, unknown, TOut>;
  name: Path<TValues>;
  label: string;
  groups: readonly ItemChoiceGroup[];
  placeholder: string;
}) {
  const id = useId();
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ control: form.control, name });
  const error = fieldState.error?.message;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        ref={ref}
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={onChange}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.category} label={group.category}>
            {group.items.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
