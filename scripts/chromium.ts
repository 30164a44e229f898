import { existsSync } from 'node:fs';

/**
 * The system Chromium that the end-to-end tests and the browser benchmarks drive (Playwright cannot
 * download its own browser here): `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` (the old
 * headless mode, without a full browser's display compositor: the end-to-end suite takes about a
 * third less time on two cores), else Debian's `chromium`.
 */
export function chromiumPath(): string | undefined {
  return [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((p): p is string => Boolean(p) && existsSync(p as string));
}

export const CHROMIUM_INSTALL_HINT =
  'install one with `sudo apt-get install -y chromium-headless-shell` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium/Chrome binary';
