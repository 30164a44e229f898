import { describe, expect, it } from 'vitest';
import { SHELL_ROUTES } from '@common/permissions';
import { routePreloads } from './router';

describe('routePreloads: what the boot starts loading alongside GET /api/me', () => {
  it.each(SHELL_ROUTES.map((route) => route.path))('%s: the shell and its page', (path) => {
    expect(routePreloads(path)).toHaveLength(2);
  });

  it('a page under a shell route, and the pages outside the shell', () => {
    expect(routePreloads('/sales/sales-order/0b9d3c1e-5f3a-4b8e-9d6f-2a1c4e7b8f90')).toHaveLength(2);
    expect(routePreloads('/auth')).toHaveLength(1);
    expect(routePreloads('/no-such-page')).toHaveLength(1);
  });

  it('the landing address: the shell (its page depends on who signs in)', () => {
    expect(routePreloads('/')).toHaveLength(1);
  });
});
