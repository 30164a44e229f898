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
const NO_CATEGORY = 'No inventory category with this id.';
const NO_UNIT = 'No inventory unit with this id.';
const NO_ITEM = 'No inventory item with this id.';
const CATEGORY_TAKEN = 'An inventory category with this name already exists (`details.fieldErrors.name`).';
const UNIT_TAKEN = 'The name or the symbol is taken, in any case (`details.fieldErrors.name` / `symbol`).';
const ITEM_TAKEN = 'An item with this name already exists (`details.fieldErrors.name`).';
const ITEM_400 =
  'An unknown or deactivated category or unit, or a reorder level that does not fit the unit (`details.fieldErrors` on the field).';
/** What the three entries (inputs, removals, transfers) share. */
const ENTRY_LINES =
  "Up to 100 lines, each item once (an active one), each quantity fitting its unit's decimals; all lines are " +
  'recorded or none.';
const ENTRY_SHORT =
  'When stock would go negative, nothing is recorded: 409 with `details.problems` naming each item and factory.';
const ENTRY_400 =
  'An unknown or deactivated factory (`details.fieldErrors` on the factory field), or a line whose item is unknown or deactivated or whose quantity does not fit its unit (`details.fieldErrors` on `lines.N.itemId` / `lines.N.quantity`).';
const ENTRY_403 = 'A factory-scoped user naming another factory than their own (or having none).';
const ENTRY_409 =
  'Stock would go negative: `details.problems` names each item and factory ("Not enough stock: 2 pcs in stock, 3 pcs needed."); nothing is recorded.';

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
        description:
          'The active categories, units and items (each with its category and unit), by name, for the selects ' +
          'of the item and entry forms.',
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
        description:
          'The inventory categories, each with its number of items, sorted by name, item count or creation. ' +
          '`q` searches the name and description; filter `active`.',
        querystring: listInventoryCategoriesQuerySchema,
        response: { 200: inventoryCategoryListSchema },
      },
    },
    async (request) => listInventoryCategories(db, request.query),
  );

  r.post(
    '/api/inventory/categories',
    {
      config: { ...config, errors: { 409: CATEGORY_TAKEN } },
      schema: {
        tags,
        summary: 'Create an inventory category',
        description: 'Creates a category; the name is unique in any case. Audited. Answers 201.',
        body: inventoryCategoryInputSchema,
        response: { 201: inventoryCategorySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryCategory(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/categories/:id',
    {
      config: { ...config, errors: { 404: NO_CATEGORY, 409: CATEGORY_TAKEN } },
      schema: {
        tags,
        summary: 'Change an inventory category',
        description: "Changes the category's fields; the name stays unique in any case. Audited.",
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
      description: 'Deletes a category without items. Audited. Answers 204.',
      errors: { 404: NO_CATEGORY, 409: 'Items use the category: "… deactivate it instead."' },
      remove: (actor, id) => deleteInventoryCategory(db, actor, id),
    },
    deactivate: {
      url: '/api/inventory/categories/:id/deactivate',
      summary: 'Deactivate an inventory category',
      description: 'Deactivates a category: no new items in it (its items keep it). Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already deactivated.' },
    },
    reactivate: {
      url: '/api/inventory/categories/:id/reactivate',
      summary: 'Reactivate an inventory category',
      description: 'Reactivates a category. Audited.',
      errors: { 404: NO_CATEGORY, 409: 'The category is already active.' },
    },
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
        description:
          'The units `{ name, symbol, decimals: 0-3 }`, each with its number of items, sorted by name, symbol, ' +
          'item count or creation. `q` searches the name and symbol; filter `active`.',
        querystring: listInventoryUnitsQuerySchema,
        response: { 200: inventoryUnitListSchema },
      },
    },
    async (request) => listInventoryUnits(db, request.query),
  );

  r.post(
    '/api/inventory/units',
    {
      config: { ...config, errors: { 409: UNIT_TAKEN } },
      schema: {
        tags,
        summary: 'Create a unit (name and symbol unique in any case)',
        description:
          'Creates a unit `{ name, symbol, decimals: 0-3 (default 0) }`; name and symbol are unique in any ' +
          'case. Audited. Answers 201.',
        body: inventoryUnitInputSchema,
        response: { 201: inventoryUnitSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryUnit(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/units/:id',
    {
      config: {
        ...config,
        errors: {
          404: NO_UNIT,
          409: [UNIT_TAKEN, 'The decimals cannot go down while items use the unit (`details.fieldErrors.decimals`).'],
        },
      },
      schema: {
        tags,
        summary: 'Change a unit (its decimals may not go down while items use it)',
        description:
          "Changes the unit's fields; its decimals cannot be lowered while items use it (their stock and " +
          'reorder levels may have them). Audited.',
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
      description: 'Deletes a unit no item uses. Audited. Answers 204.',
      errors: { 404: NO_UNIT, 409: 'Items use the unit: "… deactivate it instead."' },
      remove: (actor, id) => deleteInventoryUnit(db, actor, id),
    },
    deactivate: {
      url: '/api/inventory/units/:id/deactivate',
      summary: 'Deactivate a unit',
      description: 'Deactivates a unit: no new items in it (its items keep it). Audited.',
      errors: { 404: NO_UNIT, 409: 'The unit is already deactivated.' },
    },
    reactivate: {
      url: '/api/inventory/units/:id/reactivate',
      summary: 'Reactivate a unit',
      description: 'Reactivates a unit. Audited.',
      errors: { 404: NO_UNIT, 409: 'The unit is already active.' },
    },
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
        description:
          'The items ("Names"), sorted by name, category, reorder level, stock or creation. `q` searches the ' +
          'name and description; filters `categoryId`, `unitId` and `active`. Each with its stock in the ' +
          'factories the caller sees, a low-stock flag and whether it has movements.',
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
      schema: {
        tags,
        summary: 'Export the filtered items as CSV',
        description: 'The items of `GET /api/inventory/items` with the same search, filters and sort, as CSV.',
        querystring: exportInventoryItemsQuerySchema,
      },
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
      config: { ...config, errors: { 400: ITEM_400, 409: ITEM_TAKEN } },
      schema: {
        tags,
        summary: 'Create an item (an active category and unit; the reorder level in the unit)',
        description:
          'Creates an item of an active category and unit, with a reorder level in that unit (fitting its ' +
          'decimals; 0 unless given); the name is unique in any case. Audited. Answers 201.',
        body: inventoryItemInputSchema,
        response: { 201: inventoryItemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryItem(db, actorOf(request), request.body)),
  );

  r.patch(
    '/api/inventory/items/:id',
    {
      config: {
        ...config,
        errors: {
          400: 'A new category or unit that is unknown or deactivated, or a reorder level that does not fit the unit (`details.fieldErrors` on the field).',
          404: NO_ITEM,
          409: [ITEM_TAKEN, 'The unit cannot change: the item has movements (`details.fieldErrors.unitId`).'],
        },
      },
      schema: {
        tags,
        summary: 'Change an item (its unit only while it has no movements)',
        description:
          "Changes the item's fields under the same rules, except that a category or unit deactivated since it " +
          'was chosen is kept (a new one must be active); its unit is fixed once it has movements. Audited.',
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
      description: 'Deletes an item without movements or stock records. Audited. Answers 204.',
      errors: {
        404: NO_ITEM,
        409: 'The item has movements or stock records: "… deactivate it instead."',
      },
      remove: (actor, id) => deleteInventoryItem(db, actor, id),
    },
    deactivate: {
      url: '/api/inventory/items/:id/deactivate',
      summary: 'Deactivate an item',
      description: 'Deactivates an item: no new entries of it; it stays in the stock list while in stock. Audited.',
      errors: { 404: NO_ITEM, 409: 'The item is already deactivated.' },
    },
    reactivate: {
      url: '/api/inventory/items/:id/reactivate',
      summary: 'Reactivate an item',
      description: 'Reactivates an item. Audited.',
      errors: { 404: NO_ITEM, 409: 'The item is already active.' },
    },
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
        description:
          'One row per item and factory that holds or has held it (inactive items only while in stock), with ' +
          'its quantity, reorder level and `low` (active and below the reorder level), sorted by item, ' +
          'category, factory or quantity. `q` is the item name; filters `factoryId`, `categoryId`, `itemId` and ' +
          '`low` (true: only the low rows; false: the others). Factory-scoped users see their own factory.',
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
      schema: {
        tags,
        summary: 'Export the filtered stock as CSV',
        description: 'The rows of `GET /api/inventory/stock` with the same search, filters and sort, as CSV.',
        querystring: exportInventoryStockQuerySchema,
      },
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
      config: { ...config, errors: { 400: ENTRY_400, 403: ENTRY_403 } },
      schema: {
        tags,
        summary: 'Receive stock at a factory (several lines, all or nothing)',
        description:
          'Receives stock at an active factory `{ date, factoryId, supplier?, reference?, note?, lines: [{ ' +
          `itemId, quantity, unitCost? }] }\` (IN-000123). ${ENTRY_LINES} Factory-scoped users receive at ` +
          'their own factory. Audited. Answers 201 with the entry.',
        body: createInventoryInputSchema,
        response: { 201: inventoryEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryInput(db, actorOf(request), request.body)),
  );

  r.post(
    '/api/inventory/removals',
    {
      config: { ...config, errors: { 400: ENTRY_400, 403: ENTRY_403, 409: ENTRY_409 } },
      schema: {
        tags,
        summary: 'Remove stock at a factory, each line with its reason (refused whole when stock would go negative)',
        description:
          'Removes stock at an active factory `{ date, factoryId, reference?, note?, lines: [{ itemId, quantity, ' +
          'reason: used|damaged|lost|expired|other }] }` (RM-000123; a note is required for "other"). ' +
          `${ENTRY_LINES} ${ENTRY_SHORT} Factory-scoped users remove at their own factory. Audited. Answers ` +
          '201 with the entry.',
        body: createInventoryRemovalSchema,
        response: { 201: inventoryEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInventoryRemoval(db, actorOf(request), request.body)),
  );

  r.post(
    '/api/inventory/transfers',
    {
      config: {
        ...config,
        errors: {
          400: ENTRY_400,
          403: 'A factory-scoped user sending from another factory than their own (or having none).',
          409: ENTRY_409,
        },
      },
      schema: {
        tags,
        summary: 'Move stock to another factory at once (a factory-scoped user sends from their own factory)',
        description:
          'Moves stock from one active factory to another at once `{ date, fromFactoryId, toFactoryId, ' +
          'reference?, note?, lines: [{ itemId, quantity }] }` (IT-000123). ' +
          `${ENTRY_LINES} ${ENTRY_SHORT} Factory-scoped users send from their own factory, to any active one. ` +
          'Audited. Answers 201 with the entry.',
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
        description:
          'Inputs, removals and transfers, newest first (or by number). `q` searches the entry number, ' +
          'reference, supplier and note; filters `kind`, `factoryId` (either side), `fromFactoryId` and ' +
          "`toFactoryId` (a transfer's sides), `itemId` and the days `from` and `to`; Transfer History is " +
          '`kind=transfer`. Factory-scoped users see the entries their factory is a side of.',
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
        description:
          'The entries of `GET /api/inventory/entries` with the same search and filters, as CSV, one row per line.',
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
      config: { ...config, errors: { 404: 'No inventory entry with this id, or one the caller may not see.' } },
      schema: {
        tags,
        summary: 'One entry with its lines',
        description: 'One entry with its lines, as the three entry POSTs answer it.',
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
      config: { ...config, errors: { 400: 'The page cursor is not valid: start again from the first page.' } },
      schema: {
        tags,
        summary: 'The inventory ledger, newest first (filters: item, factory, kind, dates)',
        description:
          'The inventory ledger, newest first, keyset paged; filters `itemId`, `factoryId`, `kind` (`input`, ' +
          '`removal`, `transfer_out`, `transfer_in`) and the days `from` and `to`. Factory-scoped users see ' +
          'their own factory.',
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
        description: 'The movements of `GET /api/inventory/movements` with the same filters, as CSV.',
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
