import { PageHeader } from '@web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { PriceGridSection } from '../components/price-grid-section';
import { PriceHistorySection } from '../components/price-history-section';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

type View = 'grid' | 'history';

/**
 * Price Allocation (/sales/price-allocation): the package × category grid of prices in force on a
 * day, new prices effective from a date, each cell's history, and the whole history (the tab in the URL).
 */
export function PriceAllocationPage({ title }: { title: string }) {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const view: View = searchParams.get('view') === 'history' ? 'history' : 'grid';
  const show = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'history') params.set('view', 'history');
        else params.delete('view');
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="The unit price of each package for each sales category, from a date. A sales order takes the price in force on its date; every price set stays in the history."
      />
      <Tabs value={view} onValueChange={show}>
        <TabsList aria-label="Price allocation views">
          <TabsTrigger value="grid">Prices in force</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="grid">
          <PriceGridSection />
        </TabsContent>
        <TabsContent value="history">
          <PriceHistorySection />
        </TabsContent>
      </Tabs>
    </div>
  );
}
