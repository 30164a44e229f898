import type { ReactNode } from 'react';
import type { MenuItem } from '@common/permissions';
import { NoFactoryAssigned } from '@web/components/factory-scope/no-factory-assigned';
import { PageHeader } from '@web/components/ui/page-header';
import { CategoriesTab } from '../components/categories-tab';
import { InputForm } from '../components/input-form';
import { hasNoFactory, type InventoryViewer } from '../components/inventory-viewer';
import type { DraftOwner } from '@web/lib/use-draft';
import { InventoryTabs } from '../components/inventory-tabs';
import { inventoryTabOf } from '../components/inventory-tabs.model';
import { ItemsTab } from '../components/items-tab';
import { RecentEntries } from '../components/recent-entries';
import { RemovalForm } from '../components/removal-form';
import { StockOverviewTab } from '../components/stock-overview-tab';
import { TransferForm } from '../components/transfer-form';
import { TransferHistoryTab } from '../components/transfer-history-tab';
import { UnitsTab } from '../components/units-tab';

interface InventoryPageProps {
  /** The route's title (e.g. "Inventory: Units"). */
  title: string;
  /** The route's path: it chooses the tab. */
  path: string;
  viewer: InventoryViewer & DraftOwner;
}

/**
 * The inventory screen (/inventory/management, /categories, /units, /names, /input, /remove,
 * /transfer, /transfer-history): one page, a tab per route, the tab following the URL.
 */
export function InventoryPage({ title, path, viewer }: InventoryPageProps) {
  const tab = inventoryTabOf(path);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader title={title} description={describe(tab.key, viewer)} />
      <InventoryTabs current={tab.url} />
      <div key={tab.key} className="flex min-w-0 flex-col gap-6">
        <TabContent tab={tab.key} viewer={viewer} />
      </div>
    </div>
  );
}

function TabContent({ tab, viewer }: { tab: MenuItem['key']; viewer: InventoryViewer & DraftOwner }): ReactNode {
  switch (tab) {
    case 'inventory-categories':
      return <CategoriesTab />;
    case 'inventory-units':
      return <UnitsTab />;
    case 'inventory-names':
      return <ItemsTab />;
    case 'inventory-input':
      return (
        <>
          {hasNoFactory(viewer) ? <NoFactory /> : <InputForm viewer={viewer} />}
          <RecentEntries kind="input" />
        </>
      );
    case 'inventory-remove':
      return (
        <>
          {hasNoFactory(viewer) ? <NoFactory /> : <RemovalForm viewer={viewer} />}
          <RecentEntries kind="removal" />
        </>
      );
    case 'inventory-transfer':
      return (
        <>
          {hasNoFactory(viewer) ? <NoFactory /> : <TransferForm viewer={viewer} />}
          <RecentEntries kind="transfer" />
        </>
      );
    case 'inventory-transfer-history':
      return <TransferHistoryTab viewer={viewer} />;
    default:
      return <StockOverviewTab viewer={viewer} />;
  }
}

function NoFactory() {
  return (
    <NoFactoryAssigned description="Stock is received, removed and sent at your factory, and you have none. Ask an administrator to assign one." />
  );
}

function describe(tab: MenuItem['key'], viewer: InventoryViewer): string {
  const where = viewer.isGlobal ? 'a factory' : (viewer.factory?.name ?? 'your factory');
  switch (tab) {
    case 'inventory-categories':
      return 'The groups items belong to. A category in use can be deactivated, not deleted.';
    case 'inventory-units':
      return 'How items are counted, and how many decimals their quantities take. A unit in use can be deactivated, not deleted.';
    case 'inventory-names':
      return 'The items kept in stock, with their category, unit and reorder level.';
    case 'inventory-input':
      return `Receive stock at ${where}: several items in one input.`;
    case 'inventory-remove':
      return `Take stock out at ${where}, with a reason per item. Stock never goes below zero.`;
    case 'inventory-transfer':
      return viewer.isGlobal
        ? 'Move stock between factories; it arrives at once.'
        : 'Send stock from your factory to another; it arrives at once.';
    case 'inventory-transfer-history':
      return viewer.isGlobal
        ? 'Every transfer of stock between factories.'
        : 'The transfers your factory sent or received.';
    default:
      return viewer.isGlobal
        ? 'Stock per item and factory. Stock below its reorder level is flagged.'
        : `Stock per item at ${where}. Stock below its reorder level is flagged.`;
  }
}
