import type { MeResponse } from '@common/contracts/me';

/**
 * What the inventory screen needs of the signed-in user (given by src/web/app): a global user sees
 * and acts on every factory; a factory-scoped user on their own (the server limits the lists too).
 */
export type InventoryViewer = Pick<MeResponse, 'isGlobal' | 'factory'>;

/** The factory a scoped user is fixed to; null for a global user. */
export function ownFactoryOf(viewer: InventoryViewer): InventoryViewer['factory'] {
  return viewer.isGlobal ? null : viewer.factory;
}

/** A factory-scoped user without a factory: nothing to see or do here. */
export function hasNoFactory(viewer: InventoryViewer): boolean {
  return !viewer.isGlobal && viewer.factory === null;
}
