import type { MeResponse } from '@common/contracts/me';

/**
 * What the steel screens need of the signed-in user (given by src/web/app): global users see every
 * factory, a factory-scoped user their own; write buttons show only with the matching permission.
 */
export type SteelViewer = Pick<MeResponse, 'isGlobal' | 'factory' | 'permissions'>;

export function canEditSteelCategories(viewer: SteelViewer): boolean {
  return viewer.permissions.includes('steel-categories');
}

export function canRecordSteel(viewer: SteelViewer): boolean {
  return viewer.permissions.includes('steel-records');
}
