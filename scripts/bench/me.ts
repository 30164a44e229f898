/** GET /api/me under load (autocannon) at 10 and 50 connections, on PGlite and, when given, PostgreSQL. */
import { loadTest, signInAs, startBenchApp, warmUp } from './support';

export async function benchMe(label: string, databaseUrl?: string): Promise<void> {
  const bench = await startBenchApp(databaseUrl);
  try {
    const { cookie } = await signInAs(bench, {
      email: 'bench@example.com',
      name: 'Bench User',
      groups: ['Factory Manager', 'Sales Officer'],
      factoryId: null,
    });
    const url = `${bench.base}/api/me`;
    await warmUp(url, cookie, 10);
    console.log(`\n## GET /api/me on ${label} (10 s per run)`);
    for (const connections of [10, 50]) {
      await loadTest(`${String(connections).padStart(2)} connections:`, url, cookie, { seconds: 10, connections });
    }
  } finally {
    await bench.close();
  }
}
