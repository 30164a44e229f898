import { createContext, useContext, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CircleHelpIcon } from 'lucide-react';
import { appDocSlugFor } from '@common/app-doc';
import { buttonVariants } from './button';

/**
 * Whether page headers link to the App Doc page of their screen: the signed-in shell turns it on
 * for users with the app-doc permission. Without the provider (outside the shell, in tests) there
 * is no link, and nothing here needs a router.
 */
const PageHelpContext = createContext(false);

export function PageHelpProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <PageHelpContext.Provider value={enabled}>{children}</PageHelpContext.Provider>;
}

/** "Help": the App Doc page of the screen at the current address (src/common/app-doc.ts). */
function PageHelpLink() {
  const slug = appDocSlugFor(useLocation().pathname);
  if (!slug) return null;
  return (
    <Link
      to={`/app-doc/${slug}`}
      aria-label="Help for this screen"
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'shrink-0 text-muted-foreground' })}
    >
      <CircleHelpIcon aria-hidden="true" />
      <span className="hidden sm:inline">Help</span>
    </Link>
  );
}

/** The h1 of a page inside the shell, with an optional line under it and the screen's help link. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  const help = useContext(PageHelpContext);
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {help ? <PageHelpLink /> : null}
    </div>
  );
}
