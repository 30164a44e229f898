import type { MeResponse } from '@common/contracts/me';

/**
 * What the stove ID screens need of the signed-in user (given by src/web/app): global users see
 * every factory; a factory-scoped user works at their own factory only.
 */
export type StoveIdsActor = Pick<MeResponse, 'isGlobal' | 'factory'>;
