/**
 * `npm run docs:api`: writes docs/api.md, the API reference, from the OpenAPI document of the app
 * built on an in-memory PGlite (as the tests build it).
 */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { API_REFERENCE_FILE, renderApiReference } from '../src/server/http/api-reference';
import { openScratchDatabase } from '../src/server/test/test-database';

const handle = await openScratchDatabase(undefined);
try {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const { app } = await buildApp({ db: handle.db, config, authSecret: 'api-reference-'.padEnd(40, 'x') });
  try {
    await app.ready();
    await writeFile(API_REFERENCE_FILE, await renderApiReference(app.swagger()));
    console.log(`Wrote ${API_REFERENCE_FILE}.`);
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
}
