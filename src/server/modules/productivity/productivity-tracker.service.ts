/**
 * The productivity tracker (DOMAIN.md §4 "Production"): per factory and per coupler, per day,
 * ISO week or month, the stoves coupled against the target in force each day, attainment and
 * stoves per worker-hour, with the totals and their trend. Factory-scoped users get their own
 * factory's, whatever they ask for.
 */
import type { z } from 'zod';
import type { ProductivityTracker, productivityTrackerQuerySchema } from '../../../common/contracts/productivity';
import type { Actor } from '../../auth/actor';
import { scopedFactoryFilter } from '../../auth/scope';
import type { Database } from '../../db/client';
import { buildTracker } from './productivity.model';
import { targetRulesUntil } from './productivity-targets.repository';
import { coupledBetween, dailyReportsBetween, peopleByIds, trackerFactories } from './productivity-tracker.repository';

type TrackerQuery = z.output<typeof productivityTrackerQuerySchema>;

export async function productivityTracker(
  db: Database,
  actor: Actor,
  query: TrackerQuery,
): Promise<ProductivityTracker> {
  const { period, from, to } = query;
  const factories = await trackerFactories(db, scopedFactoryFilter(actor, query.factoryId), from, to);
  const ids = factories.map((f) => f.id);
  const [reports, coupled, targets] = await Promise.all([
    dailyReportsBetween(db, ids, from, to),
    coupledBetween(db, ids, from, to),
    targetRulesUntil(db, to, ids),
  ]);
  const couplerIds = [...new Set(coupled.flatMap((c) => (c.couplerId ? [c.couplerId] : [])))];
  const couplers = await peopleByIds(db, couplerIds);
  return buildTracker({ period, from, to, factories, reports, coupled, couplers, targets });
}
