import { describe, expect, it } from 'vitest';
import { deliveryText, statusLabel } from './outbox-labels.model';

describe('Outbox labels', () => {
  it('names each state in words, with the reason of a failed try', () => {
    expect(statusLabel({ status: 'sent', attempts: 1, lastError: null }, 'smtp')).toBe('Sent');
    expect(statusLabel({ status: 'sent', attempts: 1, lastError: null }, 'log')).toBe('Kept here (not sent)');
    expect(statusLabel({ status: 'queued', attempts: 0, lastError: null }, 'smtp')).toBe('Waiting to be sent');
    expect(statusLabel({ status: 'queued', attempts: 2, lastError: 'Connection refused' }, 'smtp')).toBe(
      'Trying again (2 tries so far): Connection refused',
    );
    expect(statusLabel({ status: 'failed', attempts: 8, lastError: 'Mailbox unavailable' }, 'smtp')).toBe(
      'Not sent after 8 tries: Mailbox unavailable',
    );
  });

  it('says whether mail leaves the server', () => {
    expect(deliveryText('smtp')).toMatch(/sent through the mail server/);
    expect(deliveryText('log')).toMatch(/not sent/);
  });
});
