import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';

/** /404 and every unknown path of a signed-in user. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-bold tracking-tight" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild variant="link" className="text-base underline">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
