import { describe, expect, it } from 'vitest';
import { problemSummary } from './code-problems.model';

describe('problemSummary', () => {
  it('counts the problems per reason, the most frequent first', () => {
    expect(
      problemSummary([
        { code: 'A', reason: 'Already exists' },
        { code: 'B!', reason: 'Not a valid code' },
        { code: 'C', reason: 'Already exists' },
      ]),
    ).toBe('3 problems: 2 × Already exists, 1 × Not a valid code');
    expect(problemSummary([{ code: 'A', reason: 'Sold' }])).toBe('1 problem: 1 × Sold');
  });
});
