/** The registry check of one end user registration (import row or single stove), issue 26. */
import { describe, expect, it } from 'vitest';
import { endUserProblem, type StoveForEndUser } from './end-user-rules';

const sold: StoveForEndUser = {
  code: 'STV00012347',
  status: 'sold',
  factoryId: 'A',
  sale: { orderId: 'o1', date: '2026-03-01', partnerId: 'p1', partnerName: 'Lakeside Distributors' },
  registeredTo: null,
};
const check = { partnerId: 'p1', handoverDate: '2026-03-02', inScope: (f: string) => f === 'A' };

describe('endUserProblem', () => {
  it('accepts a sold stove of the chosen partner, in scope, handed over on or after the sale day', () => {
    expect(endUserProblem(sold, check)).toBeNull();
    expect(endUserProblem(sold, { ...check, handoverDate: '2026-03-01' })).toBeNull();
  });

  it('accepts any partner when none is chosen (the single-stove form)', () => {
    expect(endUserProblem(sold, { handoverDate: '2026-03-02', inScope: () => true })).toBeNull();
  });

  it('calls a missing stove, and another factory’s for a factory-scoped user, unknown', () => {
    expect(endUserProblem(undefined, check)).toBe('Unknown stove ID');
    expect(endUserProblem({ ...sold, factoryId: 'B' }, check)).toBe('Unknown stove ID');
  });

  it('refuses a stove that is not sold, naming its status', () => {
    expect(endUserProblem({ ...sold, status: 'validated', sale: null }, check)).toBe('Not sold (status: validated)');
    expect(endUserProblem({ ...sold, status: 'in_stock', sale: null }, check)).toBe('Not sold (status: in stock)');
  });

  it('refuses a stove sold to another partner, naming it', () => {
    expect(endUserProblem(sold, { ...check, partnerId: 'p2' })).toBe('Sold to another partner (Lakeside Distributors)');
  });

  it('refuses a stove already registered, naming its end user (before the partner check)', () => {
    expect(endUserProblem({ ...sold, registeredTo: 'Achieng Otieno' }, { ...check, partnerId: 'p2' })).toBe(
      'Already registered to Achieng Otieno',
    );
  });

  it('refuses a handover before the sale day', () => {
    expect(endUserProblem(sold, { ...check, handoverDate: '2026-02-28' })).toBe(
      'Handover date is before the sale (2026-03-01)',
    );
  });
});
