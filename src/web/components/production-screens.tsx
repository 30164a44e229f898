import { Link, useLocation } from 'react-router';
import { shellRouteFor } from '@common/permissions';
import { cn } from '@web/lib/utils';

/**
 * The production screens a supervisor moves between. The spec's menu has only Submit Production
 * Report; Production Overview and the Daily Production Report are reached from here.
 */
const PRODUCTION_PATHS = ['/production/stove-report', '/production', '/production/submit-report'] as const;

/** The production screens `permissions` open, the current one marked; nothing when fewer than two. */
export function ProductionScreens({ permissions }: { permissions: readonly string[] }) {
  const { pathname } = useLocation();
  const screens = PRODUCTION_PATHS.flatMap((path) => {
    const route = shellRouteFor(path);
    return route && permissions.includes(route.permission) ? [route] : [];
  });
  if (screens.length < 2) return null;
  return (
    <nav aria-label="Production screens" className="-mx-1 overflow-x-auto">
      <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 text-sm">
        {screens.map((screen) => {
          const current = pathname === screen.path;
          return (
            <li key={screen.path}>
              <Link
                to={screen.path}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-8 items-center rounded-md px-3 font-medium whitespace-nowrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  current ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {screen.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
