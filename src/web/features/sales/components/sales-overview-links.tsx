import { Link } from 'react-router';
import { ChevronRightIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { QuickLink } from './sales-overview.model';

/** The sales screens this user may open, with a line about each. */
export function SalesOverviewLinks({ links }: { links: readonly QuickLink[] }) {
  if (links.length === 0) return null;
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">Sales screens</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        <nav aria-label="Sales screens">
          <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {links.map((link) => (
              <li key={link.key}>
                <Link
                  to={link.url}
                  className="group flex items-start gap-2 rounded-md p-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="font-medium text-primary underline-offset-4 group-hover:underline">
                      {link.title}
                    </span>
                    <span className="text-sm text-muted-foreground">{link.description}</span>
                  </span>
                  <ChevronRightIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}
