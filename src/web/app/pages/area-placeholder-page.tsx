import { ConstructionIcon } from 'lucide-react';
import type { ShellRoute } from '@common/permissions';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';

const AREA_NOT_AVAILABLE = 'This area is not available yet.';

export function AreaNotAvailable({ title }: { title: string }) {
  return (
    <EmptyState
      icon={ConstructionIcon}
      title={AREA_NOT_AVAILABLE}
      description={`${title} will arrive in a later release of the Control Panel.`}
      data-testid="area-not-available"
    />
  );
}

/** Any shell route whose screen is not built yet: its title and an empty state. */
export function AreaPlaceholderPage({ route }: { route: ShellRoute }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={route.title} />
      <AreaNotAvailable title={route.title} />
    </div>
  );
}
