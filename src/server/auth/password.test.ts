/** Passwords are hashed with argon2id at OWASP's minimum cost; only vitest's own runs hash cheaper. */
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashOptions, verifyPassword } from './password';

describe('password hashing', () => {
  it("uses OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane) outside the tests", () => {
    expect(passwordHashOptions({})).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(passwordHashOptions({ VITEST: 'true' }).memoryCost).toBeLessThan(19_456);
  });

  it('checks a password against its hash, whatever cost made the hash', async () => {
    const cheap = await hashPassword('correct horse battery');
    expect(cheap).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword({ hash: cheap, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: cheap, password: 'wrong horse battery' })).toBe(false);
    // A hash made at the production cost (m=19456, t=2, p=1).
    const owasp = '$argon2id$v=19$m=19456,t=2,p=1$nlGUt516LHefK3AjXM1zrA$qmJoPt2yyAK08D1iQQj6msuZccQ2BnNEfIGsJtknD+s';
    expect(await verifyPassword({ hash: owasp, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash: owasp, password: 'wrong horse battery' })).toBe(false);
    expect(await verifyPassword({ hash: 'not a hash', password: 'correct horse battery' })).toBe(false);
  });
});
