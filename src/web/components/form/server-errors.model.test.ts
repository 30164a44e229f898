import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@web/lib/api-client';
import { fieldErrorsOf, splitServerError } from './server-errors.model';

const FIELDS = ['name', 'code', 'kind', 'location', 'address'];

function badRequest(details: unknown, message = 'Check the highlighted fields') {
  return new ApiRequestError({ status: 400, code: 'VALIDATION_FAILED', message, details });
}

describe('fieldErrorsOf', () => {
  it('reads { fieldErrors: { field: [messages] } }', () => {
    expect(fieldErrorsOf({ fieldErrors: { code: ['Taken'], name: [] } })).toEqual({ code: ['Taken'] });
  });
  it('accepts a single message string and ignores anything else', () => {
    expect(fieldErrorsOf({ fieldErrors: { code: 'Taken', kind: 3 } })).toEqual({ code: ['Taken'] });
    expect(fieldErrorsOf(undefined)).toEqual({});
    expect(fieldErrorsOf({ fieldErrors: ['x'] })).toEqual({});
  });
});

describe('splitServerError', () => {
  it('puts each message next to its field and leaves no toast', () => {
    const error = new ApiRequestError({
      status: 409,
      code: 'CONFLICT',
      message: 'A factory with code NBO exists',
      details: { fieldErrors: { code: ['A factory with code NBO exists'] } },
    });
    expect(splitServerError(error, FIELDS)).toEqual({
      fieldErrors: [{ field: 'code', message: 'A factory with code NBO exists' }],
      message: null,
    });
  });

  it('joins several messages of one field', () => {
    const split = splitServerError(badRequest({ fieldErrors: { name: ['Too long', 'Not allowed'] } }), FIELDS);
    expect(split.fieldErrors).toEqual([{ field: 'name', message: 'Too long Not allowed' }]);
  });

  it('maps nested paths under a known field', () => {
    const split = splitServerError(badRequest({ fieldErrors: { 'address.city': ['Required'] } }), FIELDS);
    expect(split.fieldErrors).toEqual([{ field: 'address.city', message: 'Required' }]);
  });

  it('reports unknown fields and form errors in the toast', () => {
    const split = splitServerError(
      badRequest({ fieldErrors: { code: ['Taken'], secret: ['Nope'] }, formErrors: ['Nothing to change'] }),
      FIELDS,
    );
    expect(split.fieldErrors).toEqual([{ field: 'code', message: 'Taken' }]);
    expect(split.message).toBe('secret: Nope Nothing to change');
  });

  it("shows the server's message when no field matched", () => {
    expect(splitServerError(badRequest({ fieldErrors: { other: ['Bad'] } }), FIELDS)).toEqual({
      fieldErrors: [],
      message: 'Check the highlighted fields other: Bad',
    });
    const forbidden = new ApiRequestError({ status: 403, code: 'FORBIDDEN', message: 'Not allowed' });
    expect(splitServerError(forbidden, FIELDS)).toEqual({ fieldErrors: [], message: 'Not allowed' });
  });

  it('has a message for network and unknown errors', () => {
    expect(splitServerError(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR' }), FIELDS).message).toBe(
      'Network error',
    );
    expect(splitServerError('boom', FIELDS).message).toBe('Something went wrong. Please try again.');
  });
});
