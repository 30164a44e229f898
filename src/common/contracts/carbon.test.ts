/** The end user fields' rules (issue 26): phone, GPS point, type, handover date. */
import { describe, expect, it } from 'vitest';
import { isDirectSale, phoneProblem, registerEndUserSchema } from './carbon';

const base = { code: 'STV00012347', name: 'Achieng Otieno', handoverDate: '2026-03-02' };
const issues = (input: Record<string, unknown>) => {
  const r = registerEndUserSchema.safeParse({ ...base, ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('end user fields', () => {
  it('reads a CSV row: empty cells are none, the type defaults to household in any case, coordinates from text', () => {
    const r = registerEndUserSchema.parse({
      ...base,
      kind: 'Institution',
      phone: '',
      county: ' Kisumu ',
      latitude: '-0.1022',
      longitude: '34.7617',
    });
    expect(r).toMatchObject({
      kind: 'institution',
      phone: null,
      county: 'Kisumu',
      latitude: -0.1022,
      longitude: 34.7617,
    });
    expect(registerEndUserSchema.parse({ ...base, kind: '' }).kind).toBe('household');
  });

  it('checks the phone: allowed characters and 7 to 15 digits', () => {
    expect(phoneProblem('+254 712 345 678')).toBeNull();
    expect(phoneProblem('0712-345678')).toBeNull();
    expect(phoneProblem('12345')).toBe('Phone must have 7 to 15 digits');
    expect(phoneProblem('+1234567890123456')).toBe('Phone must have 7 to 15 digits');
    expect(phoneProblem('call me')).toBe('Phone may contain digits, spaces and + ( ) - . / only');
    expect(issues({ phone: '12' })).toEqual(['phone: Phone must have 7 to 15 digits']);
  });

  it('checks the GPS point: numbers in range, both or neither', () => {
    expect(issues({ latitude: 90, longitude: -180 })).toEqual([]);
    expect(issues({ latitude: '95', longitude: '34' })).toEqual(['latitude: Latitude must be between -90 and 90']);
    expect(issues({ latitude: '1', longitude: '181' })).toEqual(['longitude: Longitude must be between -180 and 180']);
    expect(issues({ latitude: 'north', longitude: '34' })).toEqual([
      'latitude: Latitude must be a number in decimal degrees, like 45.5',
    ]);
    expect(issues({ latitude: '-0.1' })).toEqual(['longitude: Give both latitude and longitude, or neither']);
  });

  it('checks the type, the name and the handover date', () => {
    expect(issues({ kind: 'school' })).toEqual(['kind: Type must be household or institution']);
    expect(issues({ name: ' ' })).toEqual(['name: Name is required']);
    expect(issues({ handoverDate: '2026-02-30' })).toEqual(['handoverDate: Use a date like 2026-01-31']);
    expect(issues({ handoverDate: '2999-01-01' })).toEqual(['handoverDate: The date cannot be in the future']);
  });

  it('calls a sale to anyone but a distributor or a retailer a direct sale', () => {
    expect(isDirectSale('individual')).toBe(true);
    expect(isDirectSale('institution')).toBe(true);
    expect(isDirectSale('ngo')).toBe(true);
    expect(isDirectSale('distributor')).toBe(false);
    expect(isDirectSale('retailer')).toBe(false);
  });
});
