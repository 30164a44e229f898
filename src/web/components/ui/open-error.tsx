import type { ReactNode } from 'react';
import { errorMessage } from '@web/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * A record's page whose record could not be opened: the page's heading, "This … could not be
 * opened" with the server's words, and Try again. A caller that knows better (a page that does not
 * exist) gives its own description and way out.
 */
export function OpenError({
  heading,
  title,
  error,
  onRetry,
  description,
  action,
}: {
  /** The page's heading while there is no record to name it: "Sales order". */
  heading: string;
  /** "This sales order could not be opened". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** Instead of the server's message. */
  description?: ReactNode;
  /** Instead of Try again. */
  action?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={heading} />
      <EmptyState
        title={title}
        description={description ?? errorMessage(error)}
        action={
          action ?? (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      />
    </>
  );
}
