import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@web/components/ui/button';

/** Last resort for errors while rendering a route (e.g. a page bundle failed to load). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        The page could not be shown. Reload to try again{detail ? ` (${detail})` : ''}.
      </p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
