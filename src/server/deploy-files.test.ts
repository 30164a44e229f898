/**
 * The deployment files (deploy/Dockerfile, deploy/compose.yaml, deploy/stove-back-office.service,
 * deploy/env.example, .dockerignore) against the project they deploy: the same install, build and
 * start commands as CI and the README, only variables config.ts knows, a health check on a real
 * route, every folder the server reads at run time copied into the image, a non-root user, and
 * a stop timeout longer than the server's shutdown grace. No image is built here (this machine
 * reaches no image registry): the files are read and checked. Runs once, in the `unit` project.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { envSchema } from './config';
import type { Database } from './db/client';
import { healthRoutes } from './modules/health/health.routes';
import { APP_DOC_DIR, MIGRATIONS_DIR, PROJECT_ROOT } from './paths';

const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), 'utf8');
const CONFIG_VARIABLES = Object.keys(envSchema.shape);

const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
/** package.json's `start` script as argv: ['node', 'scripts/start.mjs']. */
const START = packageJson.scripts.start?.split(/\s+/) ?? [];
/** CI's install command (.ci/run). */
const CI_INSTALL = /^npm ci\b.*$/m.exec(read('.ci/run'))?.[0];
/** The server's grace for requests in flight after SIGTERM (start.ts), in seconds. */
const SHUTDOWN_GRACE_S = (() => {
  const match = /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(read('src/server/start.ts'));
  if (!match?.[1]) throw new Error('SHUTDOWN_GRACE_MS not found in src/server/start.ts');
  return Number(match[1].replaceAll('_', '')) / 1000;
})();

// ---- Dockerfile ----

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Instructions (continuation lines joined, comments dropped), grouped by stage, with ARGs before the first FROM applied. */
function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const joined = (pending + line.trim()).trim();
    pending = '';
    if (joined) logical.push(joined);
  }
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image = '', as, name] = args
        .replace(/\$\{(\w+)\}/g, (_, key: string) => globalArgs.get(key) ?? '')
        .split(/\s+/);
      stages.push({ from: image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      const [key = '', value = ''] = args.split('=');
      if (upper === 'ARG') globalArgs.set(key, value);
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args });
    }
  }
  return stages;
}

const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** `ENV A=1 B=2` → { A: '1', B: '2' }. */
function envOf(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    all(stage, 'ENV')
      .flatMap((args) => args.split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );
}

/** A COPY's sources and destination, without its --from/--chown flags. */
function copiesOf(stage: Stage) {
  return all(stage, 'COPY').map((args) => {
    const words = args.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((w) => !w.startsWith('--'));
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
  });
}

// ---- systemd unit and env files ----

function parseUnit(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, key = '', value = ''] = match;
    settings.set(key, [...(settings.get(key) ?? []), value]);
  }
  return settings;
}

/** KEY=value lines, and the commented-out `# KEY=` ones a reader may enable. */
function parseEnvFile(text: string): { set: Map<string, string>; mentioned: string[] } {
  const set = new Map<string, string>();
  const mentioned: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, comment, key = '', value = ''] = match;
    mentioned.push(key);
    if (!comment) set.set(key, value);
  }
  return { set, mentioned };
}

const dockerfile = parseDockerfile(read('deploy/Dockerfile'));
const build = dockerfile[0];
const runtime = dockerfile.at(-1);
const unit = parseUnit(read('deploy/stove-back-office.service'));
const one = (key: string) => {
  const values = unit.get(key) ?? [];
  expect(values, `the unit sets ${key} once`).toHaveLength(1);
  return values[0] ?? '';
};
const envExample = parseEnvFile(read('deploy/env.example'));
const compose = parseYaml(read('deploy/compose.yaml')) as {
  services: Record<
    string,
    {
      image?: string;
      build?: { context: string; dockerfile: string };
      command?: unknown;
      environment?: Record<string, string>;
      volumes?: string[];
      healthcheck?: { test: string[] };
      depends_on?: Record<string, { condition: string }>;
      stop_grace_period?: string;
    }
  >;
  volumes: Record<string, unknown>;
};
const { app: composeApp, postgres: composePostgres } = compose.services;

/** Compose's `${VAR:-default}`/`${VAR:?message}` as the value they give when VAR is unset. */
const composeValue = (value: string) =>
  value.replace(/\$\{\w+:([-?])([^}]*)\}/g, (_, op: string, rest: string) => (op === '-' ? rest : 'set'));

describe('the commands', () => {
  it('are the ones CI and the README use', () => {
    expect(read('README.md')).toContain('npm run build && npm start');
    expect(START).toEqual(['node', 'scripts/start.mjs']);
  });

  it('the Dockerfile builds in a stage of its own with npm ci and npm run build', () => {
    expect(dockerfile.length).toBeGreaterThanOrEqual(2);
    expect(build?.name).toBe('build');
    expect(all(build!, 'RUN')).toEqual([CI_INSTALL, 'npm run build']);
  });

  it('the runtime stage installs the production dependencies with npm ci and starts with the start script', () => {
    expect(all(runtime!, 'RUN')).toContain(
      `${CI_INSTALL?.replace('npm ci', 'npm ci --omit=dev')} && npm cache clean --force`,
    );
    expect(all(runtime!, 'CMD')).toHaveLength(1);
    expect(JSON.parse(all(runtime!, 'CMD')[0]!)).toEqual(START);
    expect(runtime?.instructions.some((i) => i.keyword === 'ENTRYPOINT')).toBe(false);
    expect(composeApp?.command).toBeUndefined();
  });

  it('the systemd unit runs the start script with an absolute node from the working directory', () => {
    const [node, ...args] = one('ExecStart').split(/\s+/);
    expect(node).toMatch(/^\/.*\/node$/);
    expect([START[0], ...args]).toEqual(START);
    expect(one('WorkingDirectory')).toMatch(/^\//);
  });
});

describe('the environment', () => {
  it('every variable the Dockerfile, compose.yaml and env.example set is one config.ts reads', () => {
    const variables = [
      ...Object.keys(envOf(runtime!)),
      ...Object.keys(composeApp?.environment ?? {}),
      ...envExample.mentioned,
    ];
    expect(variables.filter((v) => !CONFIG_VARIABLES.includes(v))).toEqual([]);
  });

  it('every value they give is valid for config.ts', () => {
    const image = envOf(runtime!);
    const composed = Object.fromEntries(
      Object.entries(composeApp?.environment ?? {}).map(([k, v]) => [k, composeValue(String(v))]),
    );
    for (const env of [image, { ...image, ...composed }, Object.fromEntries(envExample.set)]) {
      const parsed = envSchema.safeParse(env);
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it('the production settings: NODE_ENV=production; behind a proxy, loopback only and https', () => {
    expect(envOf(runtime!).NODE_ENV).toBe('production');
    expect(envExample.set.get('NODE_ENV')).toBe('production');
    expect(envExample.set.get('TRUST_PROXY')).toBe('true');
    expect(envExample.set.get('HOST')).toBe('127.0.0.1');
    expect(envExample.set.get('PUBLIC_URL')).toMatch(/^https:\/\//);
  });

  it('the systemd unit reads /etc/stove-back-office/env', () => {
    expect(one('EnvironmentFile')).toBe('/etc/stove-back-office/env');
  });
});

describe('the image', () => {
  it('copies what the server reads at run time: package.json (the project root), dist, the start script, migrations, App Doc', () => {
    const copied = copiesOf(runtime!).flatMap((c) => c.sources.map((s) => ({ ...c, source: s })));
    const local = (path: string) => copied.some((c) => !c.from && c.source === path);
    expect(local('package.json') && local('package-lock.json')).toBe(true);
    expect(copied.some((c) => c.from === 'build' && c.source === '/app/dist')).toBe(true);
    for (const dir of [MIGRATIONS_DIR, APP_DOC_DIR]) expect(local(relative(PROJECT_ROOT, dir))).toBe(true);
    expect(local(START[1]!)).toBe(true);
    expect(all(runtime!, 'WORKDIR')).toEqual(['/app']);
    expect(copiesOf(runtime!).every((c) => c.destination.startsWith('./'))).toBe(true);
  });

  it('runs as a user other than root, with DATA_DIR its only writable folder', () => {
    const users = all(runtime!, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    const dataDir = envOf(runtime!).DATA_DIR;
    expect(all(runtime!, 'RUN')).toContain(`mkdir -p ${dataDir} && chown ${users[0]}:${users[0]} ${dataDir}`);
    expect(all(runtime!, 'VOLUME')).toEqual([dataDir]);
  });

  it('exposes PORT, stops on SIGTERM and installs pg_dump (postgresql-client) for backups', () => {
    expect(all(runtime!, 'EXPOSE')).toEqual([envOf(runtime!).PORT]);
    expect(all(runtime!, 'STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(all(runtime!, 'RUN').some((r) => /apt-get install .*\bpostgresql-client\b/.test(r))).toBe(true);
  });

  it('leaves node_modules, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'data', '.env']));
  });

  it('HEALTHCHECK asks a route that answers 200 without the database', async () => {
    const healthchecks = all(runtime!, 'HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    const path = /'(\/api\/[\w/-]+)'/.exec(healthchecks[0]!)?.[1];
    expect(path).toBe('/api/health');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(healthRoutes, { db: {} as Database });
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});

describe('compose.yaml', () => {
  it('builds the app from the repository root with deploy/Dockerfile', () => {
    expect(composeApp?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
  });

  it('keeps PostgreSQL and DATA_DIR on named volumes', () => {
    expect(composePostgres?.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(composeApp?.volumes).toEqual([`app-data:${envOf(runtime!).DATA_DIR}`]);
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'postgres-data']);
  });

  it('starts the app once PostgreSQL is healthy, and connects to it', () => {
    expect(composePostgres?.healthcheck?.test).toContain('pg_isready');
    expect(composeApp?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    const url = new URL(composeValue(composeApp?.environment?.DATABASE_URL ?? ''));
    const pg = composePostgres?.environment ?? {};
    expect([url.hostname, url.username, url.pathname]).toEqual(['postgres', pg.POSTGRES_USER, `/${pg.POSTGRES_DB}`]);
  });

  it("runs a PostgreSQL the image's pg_dump can dump (not newer than Debian's postgresql-client)", () => {
    const clientMajor = { bookworm: 15, trixie: 17 }[/-(bookworm|trixie)-/.exec(runtime!.from)?.[1] ?? ''];
    const serverMajor = Number(/^postgres:(\d+)/.exec(composePostgres?.image ?? '')?.[1]);
    expect(clientMajor).toBeDefined();
    expect(serverMajor).toBeLessThanOrEqual(clientMajor!);
  });
});

describe('stopping', () => {
  it('systemd sends SIGTERM and waits longer than the server lets requests finish', () => {
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(Number.parseInt(one('TimeoutStopSec'), 10)).toBeGreaterThan(SHUTDOWN_GRACE_S);
    expect(one('Restart')).toBe('on-failure');
    expect(Number.parseInt(composeApp?.stop_grace_period ?? '', 10)).toBeGreaterThan(SHUTDOWN_GRACE_S);
  });
});

describe('docs/deploy.md', () => {
  it("names the unit's user, folders and settings file", () => {
    const doc = read('docs/deploy.md');
    for (const key of ['User', 'WorkingDirectory', 'EnvironmentFile', 'ReadWritePaths', 'ExecStart']) {
      expect(doc, key).toContain(one(key));
    }
  });
});

describe('the systemd unit', () => {
  it('runs as a dedicated user, with the file system read-only except DATA_DIR', () => {
    expect(one('User')).not.toMatch(/^(root|0)$/);
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('PrivateTmp')).toBe('yes');
    expect(one('ReadWritePaths')).toBe(envExample.set.get('DATA_DIR'));
    // V8's JIT compiler writes executable memory: node does not start with this.
    expect(unit.has('MemoryDenyWriteExecute')).toBe(false);
  });
});
