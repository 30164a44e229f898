/** The passwords a guesser tries first (issue 22). */
import { describe, expect, it } from 'vitest';
import { weakPasswordProblem } from './password-rules';

describe('weakPasswordProblem', () => {
  it('refuses the common passwords long enough to pass the length rule, in any case', () => {
    for (const password of ['password123', 'qwertyuiop', '1234567890', 'Iloveyou123']) {
      expect(weakPasswordProblem(password, 'someone@example.com'), password).toMatch(/most common passwords/);
    }
  });

  it('refuses a password that contains the email name or a part of it of 4 letters or more', () => {
    expect(weakPasswordProblem('grace.wanjiku-2026', 'grace.wanjiku@example.com')).toMatch(/"grace\.wanjiku"/);
    expect(weakPasswordProblem('Wanjiku-stoves-26', 'grace.wanjiku@example.com')).toMatch(/"wanjiku"/);
    expect(weakPasswordProblem('tomato-sauce-2026', 'tom@example.com')).toBeNull();
  });

  it('takes a long, uncommon password', () => {
    expect(weakPasswordProblem('correct-horse-battery', 'grace.wanjiku@example.com')).toBeNull();
  });
});
