import { describe, expect, it } from 'vitest';
import { checkDigitOk } from '@common/stove-codes';
import { batchPreview, suggestionQuery } from './batch-preview.model';

describe('batchPreview', () => {
  it('gives the first and last codes with their check digits, and the count', () => {
    const preview = batchPreview({ prefix: 'stv', firstNumber: '1', count: '5000', width: '7' });
    expect(preview).toEqual({ firstCode: 'STV00000013', lastCode: 'STV00050006', count: 5000 });
    expect(checkDigitOk(preview?.firstCode ?? '')).toBe(true);
    expect(checkDigitOk(preview?.lastCode ?? '')).toBe(true);
  });

  it('takes numbers as well as the strings inputs give', () => {
    expect(batchPreview({ prefix: 'A', firstNumber: 0, count: 1, width: 3 })).toEqual({
      firstCode: 'A0000',
      lastCode: 'A0000',
      count: 1,
    });
  });

  it('has no preview while a value is missing or cannot make a batch', () => {
    expect(batchPreview({ prefix: '', firstNumber: '1', count: '10', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: '1AB', firstNumber: '1', count: '10', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '', count: '10', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '1.5', count: '10', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '-1', count: '10', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '1', count: '0', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '1', count: '100001', width: '7' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '1', count: '10', width: '2' })).toBeNull();
    expect(batchPreview({ prefix: 'STV', firstNumber: '1', count: '10', width: '13' })).toBeNull();
  });

  it('has no preview when the last number does not fit the width', () => {
    expect(batchPreview({ prefix: 'STV', firstNumber: '990', count: '10', width: '3' })).toEqual({
      firstCode: 'STV9902',
      lastCode: 'STV9990',
      count: 10,
    });
    expect(batchPreview({ prefix: 'STV', firstNumber: '991', count: '10', width: '3' })).toBeNull();
  });
});

describe('suggestionQuery', () => {
  it('asks for a valid prefix (upper-cased) and width only', () => {
    expect(suggestionQuery({ prefix: ' stv ', width: '7' })).toEqual({ prefix: 'STV', width: 7 });
    expect(suggestionQuery({ prefix: '1AB', width: '7' })).toBeNull();
    expect(suggestionQuery({ prefix: 'STV', width: '2' })).toBeNull();
    expect(suggestionQuery({ prefix: 'STV', width: '' })).toBeNull();
  });
});
