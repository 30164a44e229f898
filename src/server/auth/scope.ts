/**
 * Factory scope (DOMAIN.md §2): global users see and act on every factory; everyone else only on
 * their own factory, on the server, whatever the request asks for.
 */
import { errors } from '../http/errors';
import type { Actor } from './actor';

/**
 * The factory a list or report is limited to: a global user's requested one (or none = all);
 * a factory-scoped user's own, whatever they asked. A factory-scoped user without a factory gets
 * `NO_FACTORY`, which matches nothing.
 */
export function scopedFactoryFilter(actor: Actor, requested: string | null | undefined): string | undefined {
  if (actor.isGlobal) return requested ?? undefined;
  return actor.factory?.id ?? NO_FACTORY;
}

/** A factory id no row has: the scope of a factory-scoped user without a factory. */
export const NO_FACTORY = '00000000-0000-0000-0000-000000000000';

/** Whether the actor may see or act on records of this factory. */
export function inScope(actor: Actor, factoryId: string): boolean {
  return actor.isGlobal || actor.factory?.id === factoryId;
}

/**
 * The factory an action happens at: the requested one, which a factory-scoped user may only name
 * when it is their own (403 otherwise, and 403 when they have no factory).
 */
export function actingFactory(actor: Actor, requested: string): string {
  if (inScope(actor, requested)) return requested;
  throw errors.forbidden(
    actor.factory
      ? `You can only act for your own factory (${actor.factory.name}).`
      : 'Your account has no factory: ask an administrator to assign one.',
  );
}
