/** argon2id with OWASP's minimum (m=19 MiB, t=2, p=1), plugged into better-auth. */
import { hash, verify } from '@node-rs/argon2';

/** OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
const OWASP_MINIMUM = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * Under vitest only: argon2id at its lowest cost. The API tests create and sign in thousands of
 * users, and at OWASP's cost each hash or check takes about 20 ms of a core. A hash carries its own
 * parameters, so checking works the same; the end-to-end tests run the real cost.
 */
const TEST_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.VITEST ? TEST_COST : OWASP_MINIMUM;
}

const OPTIONS = passwordHashOptions();

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}
