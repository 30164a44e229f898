/**
 * What sales categories and sales packages share beyond the master-data pattern
 * (modules/master-data): a record may be deleted only while no price refers to it yet.
 */
import type { Executor } from '../../db/client';
import { counted } from '../../../common/counted';

/**
 * The delete rule of a category or package: why it cannot be deleted — its prices, and anything
 * `otherUses` names ("2 partners that default to it") — or null. Checked with the record locked
 * FOR UPDATE, which a new price's FOR SHARE lock waits for, so none is added meanwhile.
 */
export function inUseByPrices<Row extends { id: string; name: string }>(
  countPrices: (tx: Executor, id: string) => Promise<number>,
  otherUses?: (tx: Executor, id: string) => Promise<string | null>,
): (tx: Executor, current: Row) => Promise<string | null> {
  return async (tx, current) => {
    const prices = await countPrices(tx, current.id);
    const uses = [prices > 0 ? counted(prices, 'price') : null, (await otherUses?.(tx, current.id)) ?? null].filter(
      (u): u is string => u !== null,
    );
    return uses.length > 0 ? `${current.name} has ${uses.join(' and ')}: deactivate it instead.` : null;
  };
}
