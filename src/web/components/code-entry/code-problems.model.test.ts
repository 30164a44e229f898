import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@web/lib/api-client';
import { problemsOf } from './code-problems.model';

describe('problemsOf', () => {
  it('reads the codes a 409 names', () => {
    const error = new ApiRequestError({
      status: 409,
      code: 'CONFLICT',
      message: 'Some codes already exist',
      details: { problems: [{ code: 'STV00000013', reason: 'Already exists' }] },
    });
    expect(problemsOf(error)).toEqual([{ code: 'STV00000013', reason: 'Already exists' }]);
  });

  it('is null for other errors', () => {
    expect(
      problemsOf(new ApiRequestError({ status: 400, code: 'VALIDATION_FAILED', details: { fieldErrors: {} } })),
    ).toBeNull();
    expect(problemsOf(new ApiRequestError({ status: 409, code: 'CONFLICT', details: { problems: [] } }))).toBeNull();
    expect(problemsOf(new Error('boom'))).toBeNull();
  });
});
