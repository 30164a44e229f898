import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInventoryInputSchema,
  createInventoryRemovalSchema,
  createInventoryTransferSchema,
  exportInventoryEntriesQuerySchema,
  exportInventoryItemsQuerySchema,
  exportInventoryMovementsQuerySchema,
  exportInventoryStockQuerySchema,
  INVENTORY_ENTRY_KIND_LABELS,
  INVENTORY_MOVEMENT_KIND_LABELS,
  INVENTORY_REMOVAL_REASON_LABELS,
  inventoryCategoryInputSchema,
  inventoryCategoryListSchema,
  inventoryCategorySchema,
  inventoryEntryListSchema,
  inventoryEntryNumberLabel,
  inventoryEntrySchema,
  inventoryItemInputSchema,
  inventoryItemListSchema,
  inventoryItemSchema,
  inventoryMovementListSchema,
  inventoryOptionsSchema,
  inventoryStockListSchema,
  inventoryUnitInputSchema,
  inventoryUnitListSchema,
  inventoryUnitSchema,
  listInventoryCategoriesQuerySchema,
  listInventoryEntriesQuerySchema,
  listInventoryItemsQuerySchema,
  listInventoryMovementsQuerySchema,
  listInventoryStockQuerySchema,
  listInventoryUnitsQuerySchema,
  updateInventoryCategorySchema,
  updateInventoryItemSchema,
  updateInventoryUnitSchema,
  type InventoryEntry,
  type InventoryEntryLine,
  type InventoryItem,
  type InventoryMovement,
  type InventoryStockRow,
} from '../../../common/contracts/inventory';
import type { PersonRef } from '../../../common/contracts/fields';
import type { Database } from '../../db/client';
import { actorOf } from '../../http/guard';
import { sendCsv } from '../../http/list';
import { activationRoutes } from '../../http/master-data-routes';
import {
  createInventoryCategory,
  deleteInventoryCategory,
  listInventoryCategories,
  setInventoryCategoryActive,
  updateInventoryCategory,
} from './inventory-categories.service';
import {
  createInventoryInput,
  createInventoryRemoval,
  createInventoryTransfer,
  exportInventoryEntries,
  getInventoryEntry,
  listInventoryEntries,
} from './inventory-entries.service';
import {
  createInventoryItem,
  deleteInventoryItem,
  exportInventoryItems,
  listInventoryItems,
  presentInventoryItem,
  setInventoryItemActive,
  updateInventoryItem,
} from './inventory-items.service';
import {
  exportInventoryMovements,
  listInventoryMovements,
  presentInventoryMovement,
} from './inventory-movements.service';
import { inventoryOptions } from './inventory-options.service';
import { exportInventoryStock, listInventoryStock, presentInventoryStockRow } from './inventory-stock.service';
import {
  createInventoryUnit,
  deleteInventoryUnit,
  listInventoryUnits,
  setInventoryUnitActive,
  updateInventoryUnit,
} from './inventory-units.service';

const tags = ['inventory'];
/** Every inventory endpoint (DOMAIN.md §3); the factory scope is applied in the services. */
const config = { permission: 'inventory-management' } as const;
const categoryParams = z.object({ id: z.string().uuid('Not an inventory category id') });
const unitParams = z.object({ id: z.string().uuid('Not an inventory unit id') });
const itemParams = z.object({ id: z.string().uuid('Not an inventory item id') });
const entryParams = z.object({ id: z.string().uuid('Not an inventory entry id') });

const personName = (p: PersonRef) => (p ? (p.name ?? p.email) : null);
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

export async function inventoryRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/api/inventory/options',
    {
      config,
      schema: {
        tags,
        summary: 'Active categories, units and items, for the selects of the forms',
        response: { 200: inventoryOptionsSchema },
      },
    },
    async () => inventoryOptions(db),
  );

  // -------------------------------------------------------------------------------------------
  // Categories

  r.get(
    '/api/inventory/categories',
    {
      config,
      schema: {
        tags,
        summary: 'List inventory categories with their number of items (q: name or description)',
        querystring: listInventoryCategoriesQuerySchema,
        response: { 200: inventoryCategoryListSchema },
      },
    },
    async (request) => listInventoryCategories(db, request.query),
  );

  r.post(
    '/api/inventory/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Create an inventory category',
        body: inventoryCategoryInputSchema,
        response: { 201: inventoryCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/categories/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an inventory category',
        params: categoryParams,
        body: updateInventoryCategorySchema,
        response: { 200: inventoryCategorySchema },
      },
    },
    async (request) => updateInventoryCategory(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config,
    tags,
    params: categoryParams,
    response: inventoryCategorySchema,
    delete: {
      url: '/api/inventory/categories/:id',
      summary: 'Delete a category without items (one with items is deactivated instead)',
      remove: (actor, id) => deleteInventoryCategory(db, actor, id),
    },
    deactivate: { url: '/api/inventory/categories/:id/deactivate', summary: 'Deactivate an inventory category' },
    reactivate: { url: '/api/inventory/categories/:id/reactivate', summary: 'Reactivate an inventory category' },
    setActive: (actor, id, active) => setInventoryCategoryActive(db, actor, id, active),
  });

  // -------------------------------------------------------------------------------------------
  // Units

  r.get(
    '/api/inventory/units',
    {
      config,
      schema: {
        tags,
        summary: 'List inventory units with their number of items (q: name or symbol)',
        querystring: listInventoryUnitsQuerySchema,
        response: { 200: inventoryUnitListSchema },
      },
    },
    async (request) => listInventoryUnits(db, request.query),
  );

  r.post(
    '/api/inventory/units',
    {
      config,
      schema: {
        tags,
        summary: 'Create a unit (name and symbol unique in any case)',
        body: inventoryUnitInputSchema,
        response: { 201: inventoryUnitSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryUnit(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/units/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a unit (its decimals may not go down while items use it)',
        params: unitParams,
        body: updateInventoryUnitSchema,
        response: { 200: inventoryUnitSchema },
      },
    },
    async (request) => updateInventoryUnit(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config,
    tags,
    params: unitParams,
    response: inventoryUnitSchema,
    delete: {
      url: '/api/inventory/units/:id',
      summary: 'Delete a unit no item uses (one in use is deactivated instead)',
      remove: (actor, id) => deleteInventoryUnit(db, actor, id),
    },
    deactivate: { url: '/api/inventory/units/:id/deactivate', summary: 'Deactivate a unit' },
    reactivate: { url: '/api/inventory/units/:id/reactivate', summary: 'Reactivate a unit' },
    setActive: (actor, id, active) => setInventoryUnitActive(db, actor, id, active),
  });

  // -------------------------------------------------------------------------------------------
  // Items ("Names")

  r.get(
    '/api/inventory/items',
    {
      config,
      schema: {
        tags,
        summary: 'List items with their stock at the factories in view (q: name or description)',
        querystring: listInventoryItemsQuerySchema,
        response: { 200: inventoryItemListSchema },
      },
    },
    async (request) => listInventoryItems(db, actorOf(request), request.query),
  );

  r.get(
    '/api/inventory/items/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered items as CSV', querystring: exportInventoryItemsQuerySchema },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportInventoryItems(db, actorOf(request), request.query))
          yield page.map(presentInventoryItem);
      };
      return sendCsv<InventoryItem>(
        reply,
        'inventory-items.csv',
        [
          { header: 'Name', value: (i) => i.name },
          { header: 'Category', value: (i) => i.category.name },
          { header: 'Unit', value: (i) => i.unit.symbol },
          { header: 'Reorder level', value: (i) => i.reorderLevel },
          { header: 'Stock', value: (i) => i.totalStock },
          { header: 'Low stock', value: (i) => yesNo(i.lowStock) },
          { header: 'Active', value: (i) => yesNo(i.active) },
          { header: 'Description', value: (i) => i.description },
          { header: 'Created at', value: (i) => i.createdAt },
        ],
        pages(),
      );
    },
  );

  r.post(
    '/api/inventory/items',
    {
      config,
      schema: {
        tags,
        summary: 'Create an item (an active category and unit; the reorder level in the unit)',
        body: inventoryItemInputSchema,
        response: { 201: inventoryItemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryItem(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/items/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an item (its unit only while it has no movements)',
        params: itemParams,
        body: updateInventoryItemSchema,
        response: { 200: inventoryItemSchema },
      },
    },
    async (request) => updateInventoryItem(db, actorOf(request), request.params.id, request.body),
  );

  activationRoutes(r, {
    config,
    tags,
    params: itemParams,
    response: inventoryItemSchema,
    delete: {
      url: '/api/inventory/items/:id',
      summary: 'Delete an item without movements (one with movements is deactivated instead)',
      remove: (actor, id) => deleteInventoryItem(db, actor, id),
    },
    deactivate: { url: '/api/inventory/items/:id/deactivate', summary: 'Deactivate an item' },
    reactivate: { url: '/api/inventory/items/:id/reactivate', summary: 'Reactivate an item' },
    setActive: (actor, id, active) => setInventoryItemActive(db, actor, id, active),
  });

  // -------------------------------------------------------------------------------------------
  // Stock overview

  r.get(
    '/api/inventory/stock',
    {
      config,
      schema: {
        tags,
        summary: 'Stock per item and factory with low-stock flags (q: item name)',
        querystring: listInventoryStockQuerySchema,
        response: { 200: inventoryStockListSchema },
      },
    },
    async (request) => listInventoryStock(db, actorOf(request), request.query),
  );

  r.get(
    '/api/inventory/stock/export.csv',
    {
      config,
      schema: { tags, summary: 'Export the filtered stock as CSV', querystring: exportInventoryStockQuerySchema },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportInventoryStock(db, actorOf(request), request.query))
          yield page.map(presentInventoryStockRow);
      };
      return sendCsv<InventoryStockRow>(
        reply,
        'inventory-stock.csv',
        [
          { header: 'Item', value: (s) => s.item.name },
          { header: 'Category', value: (s) => s.category.name },
          { header: 'Factory', value: (s) => s.factory.name },
          { header: 'Factory code', value: (s) => s.factory.code },
          { header: 'Quantity', value: (s) => s.quantity },
          { header: 'Unit', value: (s) => s.unit.symbol },
          { header: 'Reorder level', value: (s) => s.reorderLevel },
          { header: 'Low', value: (s) => yesNo(s.low) },
          { header: 'Item active', value: (s) => yesNo(s.item.active) },
          { header: 'Updated at', value: (s) => s.updatedAt },
        ],
        pages(),
      );
    },
  );

  // -------------------------------------------------------------------------------------------
  // Entries: input, removal, transfer

  r.post(
    '/api/inventory/inputs',
    {
      config,
      schema: {
        tags,
        summary: 'Receive stock at a factory (several lines, all or nothing)',
        body: createInventoryInputSchema,
        response: { 201: inventoryEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryInput(db, actorOf(request), request.body)),
  );

  r.post(
    '/api/inventory/removals',
    {
      config,
      schema: {
        tags,
        summary: 'Remove stock at a factory, each line with its reason (refused whole when stock would go negative)',
        body: createInventoryRemovalSchema,
        response: { 201: inventoryEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryRemoval(db, actorOf(request), request.body)),
  );

  r.post(
    '/api/inventory/transfers',
    {
      config,
      schema: {
        tags,
        summary: 'Move stock to another factory at once (a factory-scoped user sends from their own factory)',
        body: createInventoryTransferSchema,
        response: { 201: inventoryEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryTransfer(db, actorOf(request), request.body)),
  );

  r.get(
    '/api/inventory/entries',
    {
      config,
      schema: {
        tags,
        summary: 'List inputs, removals and transfers, newest first (q: entry number, reference, supplier or note)',
        querystring: listInventoryEntriesQuerySchema,
        response: { 200: inventoryEntryListSchema },
      },
    },
    async (request) => listInventoryEntries(db, actorOf(request), request.query),
  );

  r.get(
    '/api/inventory/entries/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered entries as CSV, one row per line',
        querystring: exportInventoryEntriesQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportInventoryEntries(db, actorOf(request), request.query))
          yield page.flatMap((entry) => entry.lines.map((line) => ({ entry, line })));
      };
      return sendCsv<{ entry: InventoryEntry; line: InventoryEntryLine }>(
        reply,
        'inventory-entries.csv',
        [
          { header: 'Number', value: ({ entry }) => inventoryEntryNumberLabel(entry.kind, entry.number) },
          { header: 'Kind', value: ({ entry }) => INVENTORY_ENTRY_KIND_LABELS[entry.kind] },
          { header: 'Date', value: ({ entry }) => entry.date },
          { header: 'Factory', value: ({ entry }) => entry.factory.name },
          { header: 'Factory code', value: ({ entry }) => entry.factory.code },
          { header: 'To factory', value: ({ entry }) => entry.toFactory?.name },
          { header: 'To factory code', value: ({ entry }) => entry.toFactory?.code },
          { header: 'Supplier', value: ({ entry }) => entry.supplier },
          { header: 'Reference', value: ({ entry }) => entry.reference },
          { header: 'Note', value: ({ entry }) => entry.note },
          { header: 'Line', value: ({ line }) => line.line },
          { header: 'Item', value: ({ line }) => line.item.name },
          { header: 'Quantity', value: ({ line }) => line.quantity },
          { header: 'Unit', value: ({ line }) => line.unit.symbol },
          { header: 'Unit cost', value: ({ line }) => line.unitCost },
          {
            header: 'Reason',
            value: ({ line }) => (line.reason ? INVENTORY_REMOVAL_REASON_LABELS[line.reason] : null),
          },
          { header: 'Recorded at', value: ({ entry }) => entry.createdAt },
          { header: 'Recorded by', value: ({ entry }) => personName(entry.createdBy) },
        ],
        pages(),
      );
    },
  );

  r.get(
    '/api/inventory/entries/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One entry with its lines',
        params: entryParams,
        response: { 200: inventoryEntrySchema },
      },
    },
    async (request) => getInventoryEntry(db, actorOf(request), request.params.id),
  );

  // -------------------------------------------------------------------------------------------
  // Movements (the ledger)

  r.get(
    '/api/inventory/movements',
    {
      config,
      schema: {
        tags,
        summary: 'The inventory ledger, newest first (filters: item, factory, kind, dates)',
        querystring: listInventoryMovementsQuerySchema,
        response: { 200: inventoryMovementListSchema },
      },
    },
    async (request) => listInventoryMovements(db, actorOf(request), request.query),
  );

  r.get(
    '/api/inventory/movements/export.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Export the filtered movements as CSV',
        querystring: exportInventoryMovementsQuerySchema,
      },
    },
    async (request, reply) => {
      const pages = async function* () {
        for await (const page of exportInventoryMovements(db, actorOf(request), request.query))
          yield page.map(presentInventoryMovement);
      };
      return sendCsv<InventoryMovement>(
        reply,
        'inventory-movements.csv',
        [
          { header: 'Date', value: (m) => m.date },
          { header: 'Factory', value: (m) => m.factory.code },
          { header: 'Item', value: (m) => m.item.name },
          { header: 'Kind', value: (m) => INVENTORY_MOVEMENT_KIND_LABELS[m.kind] },
          { header: 'Quantity', value: (m) => m.quantity },
          { header: 'Unit', value: (m) => m.unit.symbol },
          { header: 'Stock change', value: (m) => m.delta },
          { header: 'Unit cost', value: (m) => m.unitCost },
          { header: 'Reason', value: (m) => (m.reason ? INVENTORY_REMOVAL_REASON_LABELS[m.reason] : null) },
          { header: 'Entry', value: (m) => inventoryEntryNumberLabel(m.entry.kind, m.entry.number) },
          { header: 'Recorded at', value: (m) => m.createdAt },
          { header: 'Recorded by', value: (m) => personName(m.createdBy) },
        ],
        pages(),
      );
    },
  );
}
