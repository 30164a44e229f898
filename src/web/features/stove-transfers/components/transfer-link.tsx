import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** A link to one transfer that remembers the list (path, search and filters) it was opened from. */
export function TransferLink({
  to,
  className,
  label,
  children,
}: {
  to: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link to={to} state={{ backTo: `${location.pathname}${location.search}` }} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
