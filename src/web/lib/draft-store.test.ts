import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DRAFT_MAX_AGE_MS, clearDraft, draftKey, loadDraft, saveDraft, type DraftStorage } from './draft-store';

const schema = z.object({ codes: z.array(z.string()), note: z.string() });
const NOW = Date.UTC(2026, 10, 27, 7, 42);

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('drafts', () => {
  it('keeps a draft per user and screen and gives it back with the time it was saved', () => {
    const storage = memoryStorage();
    expect(saveDraft(storage, 'u1', 'stove-transfer', { codes: ['A1', 'A2'], note: '' }, NOW)).toBe(true);
    expect([...storage.map.keys()]).toEqual([draftKey('u1', 'stove-transfer')]);
    expect(draftKey('u1', 'stove-transfer')).toBe('draft:v1:u1:stove-transfer');
    expect(loadDraft(storage, 'u1', 'stove-transfer', schema, NOW + 60_000)).toEqual({
      value: { codes: ['A1', 'A2'], note: '' },
      savedAt: NOW,
    });
  });

  it('never gives one user the draft of another, nor one screen the draft of another', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'u1', 'stove-transfer', { codes: ['A1'], note: '' }, NOW);
    expect(loadDraft(storage, 'u2', 'stove-transfer', schema, NOW)).toBeNull();
    expect(loadDraft(storage, 'u1', 'stove-report', schema, NOW)).toBeNull();
    // And the other user's draft is left alone.
    expect(loadDraft(storage, 'u1', 'stove-transfer', schema, NOW)?.value.codes).toEqual(['A1']);
  });

  it('is gone once cleared (a submit or Discard)', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'u1', 'stove-transfer', { codes: ['A1'], note: '' }, NOW);
    saveDraft(storage, 'u2', 'stove-transfer', { codes: ['B1'], note: '' }, NOW);
    clearDraft(storage, 'u1', 'stove-transfer');
    expect(loadDraft(storage, 'u1', 'stove-transfer', schema, NOW)).toBeNull();
    expect(loadDraft(storage, 'u2', 'stove-transfer', schema, NOW)?.value.codes).toEqual(['B1']);
  });

  it('drops a draft older than a week, and keeps one just younger', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'u1', 'a', { codes: ['A1'], note: '' }, NOW - DRAFT_MAX_AGE_MS + 1000);
    saveDraft(storage, 'u1', 'b', { codes: ['A1'], note: '' }, NOW - DRAFT_MAX_AGE_MS - 1000);
    expect(loadDraft(storage, 'u1', 'a', schema, NOW)).not.toBeNull();
    expect(loadDraft(storage, 'u1', 'b', schema, NOW)).toBeNull();
    expect(storage.map.has(draftKey('u1', 'b'))).toBe(false);
  });

  it.each([
    ['not JSON', '{codes'],
    ['not an object', '42'],
    ['another version', JSON.stringify({ v: 2, savedAt: NOW, value: { codes: [], note: '' } })],
    ['no time', JSON.stringify({ v: 1, value: { codes: [], note: '' } })],
    ['a value of the wrong shape', JSON.stringify({ v: 1, savedAt: NOW, value: { codes: 'A1', note: '' } })],
  ])('drops a draft that does not parse (%s) silently', (_what, raw) => {
    const storage = memoryStorage();
    storage.setItem(draftKey('u1', 's'), raw);
    expect(loadDraft(storage, 'u1', 's', schema, NOW)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('reports a storage that refuses to write (full or blocked) instead of throwing', () => {
    const storage: DraftStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(saveDraft(storage, 'u1', 's', { codes: [], note: '' }, NOW)).toBe(false);
    expect(loadDraft(storage, 'u1', 's', schema, NOW)).toBeNull();
    expect(() => clearDraft(storage, 'u1', 's')).not.toThrow();
  });
});
