import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDownIcon, LoaderCircleIcon } from 'lucide-react';
import { plural } from '@common/counted';
import type { Partner } from '@common/contracts/partners';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';
import { CUSTOMER_SEARCH_LIMIT, customerSearchQueryOptions, useCustomerSearch } from '../api/search-customers';

/** The pause after the last key before the customers are searched. */
const SEARCH_DEBOUNCE_MS = 250;

interface CustomerComboboxProps {
  label: string;
  /** The chosen customer (null: none). */
  customer: Partner | null;
  onChange: (customer: Partner | null) => void;
  error?: string;
  disabled?: boolean;
}

/** "Jane Wanjiru · Nakuru · 0712 345 678": what tells two customers apart. */
function customerDetails(customer: Partner): string {
  return [customer.contactPerson, customer.region, customer.phone].filter(Boolean).join(' · ');
}

/**
 * The customer of an order: type to search the active partners (name, contact, phone, region);
 * the arrow keys move through the matches, Enter chooses, Escape closes (ARIA 1.2 combobox with a
 * listbox popup). Typing after a choice drops it until another is chosen. While the matches of
 * what was typed have not arrived, the list still shows the previous ones: the keys wait for the
 * new ones instead (Enter then chooses the only match, if there is one), so a quick Enter never
 * chooses a customer of an earlier search.
 */
export function CustomerCombobox({ label, customer, onChange, error, disabled = false }: CustomerComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(customer?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // A customer set from outside (a reset) shows its name.
  const [shownId, setShownId] = useState(customer?.id ?? null);
  if ((customer?.id ?? null) !== shownId) {
    setShownId(customer?.id ?? null);
    setText(customer?.name ?? '');
  }

  // With a customer chosen and its name in the box, opening the list shows everyone.
  const q = customer && text === customer.name ? '' : text;
  const debounced = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(debounced, open);
  const options = search.data ?? [];
  const typing = debounced !== q || search.isFetching;
  const queryClient = useQueryClient();
  // The text now, for an answer that arrives after more typing.
  const latestText = useRef(text);
  useEffect(() => {
    latestText.current = text;
  }, [text]);

  const optionId = (index: number) => `${id}-option-${index}`;
  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const choose = (partner: Partner) => {
    onChange(partner);
    setShownId(partner.id);
    setText(partner.name);
    setOpen(false);
    setActive(-1);
  };

  /** Enter before the matches of the text arrived: waits for them, then chooses the only one. */
  const chooseOnceSearched = (typed: string, asked: string) => {
    void queryClient.fetchQuery(customerSearchQueryOptions(asked)).then(
      (found) => {
        if (latestText.current === typed && found.length === 1 && found[0]) choose(found[0]);
      },
      () => undefined, // the list shows the failure
    );
  };

  const statusText = search.isError
    ? `The customers could not be searched: ${errorMessage(search.error)}`
    : typing && options.length === 0
      ? 'Searching...'
      : options.length === 0
        ? q.trim()
          ? `No active customer matches “${q.trim()}”.`
          : 'There are no active customers yet: add them on Partners/Customers.'
        : `${options.length} ${plural(options.length, 'customer', 'customers')} shown${options.length >= CUSTOMER_SEARCH_LIMIT ? ': type more to narrow the list' : ''}.`;

  const describedBy = [error ? `${id}-error` : null, customer ? `${id}-chosen` : null].filter(Boolean).join(' ');

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && active < options.length ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search by name, contact, phone or region"
          className="pr-8"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            if (customer && event.target.value !== customer.name) onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            switch (event.key) {
              case 'ArrowDown':
                event.preventDefault();
                if (!open) setOpen(true);
                if (!typing) setActive((i) => Math.min(i + 1, options.length - 1));
                break;
              case 'ArrowUp':
                event.preventDefault();
                if (!typing) setActive((i) => Math.max(i - 1, 0));
                break;
              case 'Enter': {
                // Never submits the order: Enter here chooses.
                event.preventDefault();
                if (typing) {
                  chooseOnceSearched(text, q);
                  break;
                }
                const chosen = open ? options[active] : undefined;
                if (chosen) choose(chosen);
                else if (open && options.length === 1 && options[0]) choose(options[0]);
                break;
              }
              case 'Escape':
                if (open) {
                  event.preventDefault();
                  setOpen(false);
                }
                break;
              case 'Tab':
                setOpen(false);
                break;
            }
          }}
        />
        {search.isFetching && open ? (
          <LoaderCircleIcon
            className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden="true"
          />
        ) : (
          <ChevronsUpDownIcon
            className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        )}
        <div
          className={cn(
            'absolute top-full right-0 left-0 z-50 mt-1 rounded-md border bg-popover text-popover-foreground shadow-md',
            !open && 'hidden',
          )}
        >
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label}: matches`}
            hidden={options.length === 0}
            className="max-h-72 overflow-y-auto py-1"
          >
            {options.map((partner, index) => (
              <li
                key={partner.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  index === active && 'bg-accent text-accent-foreground',
                  partner.id === customer?.id && 'font-medium',
                )}
                // Keep the focus in the box: a click chooses without a blur first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(partner)}
              >
                <span className="block">{partner.name}</span>
                {customerDetails(partner) ? (
                  <span className="block text-xs text-muted-foreground">{customerDetails(partner)}</span>
                ) : null}
              </li>
            ))}
          </ul>
          {options.length === 0 || search.isError ? (
            <p className={cn('px-3 py-2 text-sm', search.isError ? 'text-destructive' : 'text-muted-foreground')}>
              {statusText}
            </p>
          ) : null}
        </div>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {open ? statusText : ''}
      </p>
      {customer ? (
        <p id={`${id}-chosen`} className="text-sm text-muted-foreground">
          {customerDetails(customer) || 'No contact details on file.'}
          {customer.defaultSalesCategory ? ` · Default category: ${customer.defaultSalesCategory.name}` : ''}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
