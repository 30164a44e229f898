/**
 * CKD Report (factory × category for a date range) and Factory CKD Report (one factory day by
 * day). Factory scope (DOMAIN.md §2): a factory-scoped user's CKD report covers their own factory
 * whatever the request names; their factory report may only name their own factory (403).
 */
import type {
  CkdReport,
  CkdReportQuery,
  FactoryCkdReport,
  FactoryCkdReportQuery,
} from '../../../common/contracts/ckd-reports';
import type { Actor } from '../../auth/actor';
import { inScope, scopedFactoryFilter } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { errors } from '../../http/errors';
import {
  factoryActivityByDay,
  factoryOpening,
  findCategoryRef,
  findFactoryRef,
  kitCategoryOptions,
  reportByPair,
} from './ckd-reports.repository';
import { dayByDay, figuresOf, periodTotals, sumFigures } from './kit-figures';

export async function ckdReport(db: Executor, actor: Actor, query: CkdReportQuery): Promise<CkdReport> {
  const [pairs, categories] = await Promise.all([
    reportByPair(db, {
      from: query.from,
      to: query.to,
      factoryId: scopedFactoryFilter(actor, query.factoryId),
      categoryId: query.categoryId,
    }),
    kitCategoryOptions(db),
  ]);
  const rows = pairs.map((p) => ({
    factory: { id: p.factoryId, name: p.factoryName, code: p.factoryCode },
    category: { id: p.categoryId, name: p.categoryName, code: p.categoryCode },
    ...figuresOf(p.opening, p),
  }));
  return { from: query.from, to: query.to, rows, totals: sumFigures(rows), categories };
}

export async function factoryCkdReport(
  db: Executor,
  actor: Actor,
  query: FactoryCkdReportQuery,
): Promise<FactoryCkdReport> {
  if (!inScope(actor, query.factoryId)) {
    throw errors.forbidden(
      actor.factory
        ? `You can only see the kit report of your own factory (${actor.factory.name}).`
        : 'Your account has no factory: ask an administrator to assign one.',
    );
  }
  // All at once (one round trip on a pool); the figures of an unknown factory or category are none.
  const { factoryId, categoryId, from, to } = query;
  const [factory, category, categories, opening, activity] = await Promise.all([
    findFactoryRef(db, factoryId),
    categoryId ? findCategoryRef(db, categoryId) : null,
    kitCategoryOptions(db),
    factoryOpening(db, factoryId, categoryId, from),
    factoryActivityByDay(db, { factoryId, categoryId, from, to }),
  ]);
  if (!factory) throw errors.notFound('That factory does not exist: choose one from the list.');
  if (categoryId && !category) throw errors.notFound('That kit category does not exist: choose one from the list.');
  const days = dayByDay(from, to, opening, activity);
  return {
    factory,
    category,
    from,
    to,
    days,
    totals: periodTotals(opening, days),
    categories,
  };
}
