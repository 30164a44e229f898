import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';

/**
 * "No factory assigned": what a screen of one's own factory shows a factory-scoped user who has
 * none, with what the screen is for and who can help.
 */
export function NoFactoryAssigned({ description, icon }: { description: ReactNode; icon?: LucideIcon }) {
  return <EmptyState icon={icon} title="No factory assigned" description={description} />;
}
