/**
 * The shared "Factory" filter, rendered to HTML on the server (the unit tests run without a DOM).
 * The select's props are recorded on the way through NativeSelect, so a choice can be made by
 * calling its change handler as the browser would.
 */
import type { ChangeEvent, ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FactoryOption } from '@common/contracts/factories';
import type { NativeSelect } from '@web/components/ui/native-select';
import { factoryOptionsQueryOptions } from '@web/lib/factory-options';
import { FactoryFilter } from './factory-filter';

const selects = vi.hoisted(() => ({ props: [] as ComponentProps<'select'>[] }));

vi.mock('@web/components/ui/native-select', async (importOriginal) => {
  const real = await importOriginal<{ NativeSelect: typeof NativeSelect }>();
  return {
    NativeSelect: (props: ComponentProps<typeof NativeSelect>) => {
      selects.props.push(props);
      return real.NativeSelect(props);
    },
  };
});

const MSA: FactoryOption = {
  id: 'f-msa',
  code: 'MSA',
  name: 'Mombasa Assembly',
  kind: 'assembly',
  active: true,
  timeZone: null,
};
const NBO: FactoryOption = {
  id: 'f-nbo',
  code: 'NBO',
  name: 'Nairobi Central Plant',
  kind: 'plant',
  active: true,
  timeZone: null,
};
const OLD: FactoryOption = { id: 'f-old', code: 'OLD', name: 'Old Works', kind: 'both', active: false, timeZone: null };

type Props = ComponentProps<typeof FactoryFilter>;

/** The markup of the filter, with the factory list loaded (or still loading when `factories` is null). */
function render(props: Partial<Props> = {}, factories: FactoryOption[] | null = [MSA, NBO, OLD]): string {
  const client = new QueryClient();
  if (factories) client.setQueryData(factoryOptionsQueryOptions().queryKey, factories);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FactoryFilter value="" onChange={() => {}} {...props} />
    </QueryClientProvider>,
  );
}

/** The options, in order, as [value, text, selected]. */
function options(html: string): [string, string, boolean][] {
  return [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [
    m[1] ?? '',
    m[3] ?? '',
    Boolean(m[2]),
  ]);
}

/** Choose an option as the browser does: the select's change handler with the option's value. */
function choose(value: string) {
  const select = selects.props.at(-1);
  select?.onChange?.({ target: { value } } as ChangeEvent<HTMLSelectElement>);
}

beforeEach(() => {
  selects.props.length = 0;
});

describe('FactoryFilter', () => {
  it('is a select labelled "Factory"', () => {
    const html = render();
    const id = /<label[^>]* for="([^"]+)"[^>]*>Factory<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(new RegExp(`<select [^>]*id="${id}"`));
  });

  it('lists "All factories" first, then every factory as "CODE — Name", the inactive ones marked', () => {
    expect(options(render())).toEqual([
      ['', 'All factories', true],
      ['f-msa', 'MSA — Mombasa Assembly', false],
      ['f-nbo', 'NBO — Nairobi Central Plant', false],
      ['f-old', 'OLD — Old Works (inactive)', false],
    ]);
  });

  it('shows the chosen factory selected', () => {
    expect(options(render({ value: 'f-nbo' })).filter(([, , selected]) => selected)).toEqual([
      ['f-nbo', 'NBO — Nairobi Central Plant', true],
    ]);
  });

  it('calls onChange with the chosen id, and "" for All factories', () => {
    const onChange = vi.fn();
    render({ value: 'f-msa', onChange });
    choose('f-nbo');
    choose('');
    expect(onChange.mock.calls).toEqual([['f-nbo'], ['']]);
  });

  it('keeps an unknown chosen id listed and selected as "Chosen factory"', () => {
    expect(options(render({ value: 'f-gone' }))).toEqual([
      ['', 'All factories', false],
      ['f-gone', 'Chosen factory', true],
      ['f-msa', 'MSA — Mombasa Assembly', false],
      ['f-nbo', 'NBO — Nairobi Central Plant', false],
      ['f-old', 'OLD — Old Works (inactive)', false],
    ]);
  });

  it('keeps the chosen id selected while the factories load', () => {
    expect(options(render({ value: 'f-msa' }, null))).toEqual([
      ['', 'All factories', false],
      ['f-msa', 'Chosen factory', true],
    ]);
  });

  it('reads a hint with the select, for screen readers only', () => {
    const html = render({ hint: 'Company-wide events show with every factory.' });
    const describedBy = /<select[^>]* aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(
      `<span id="${describedBy}" class="sr-only">Company-wide events show with every factory.</span>`,
    );
    expect(render()).not.toContain('aria-describedby');
  });
});
