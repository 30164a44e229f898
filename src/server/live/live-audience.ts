/**
 * Who hears a live event: scoped users only their factory's (DOMAIN.md §2), announcements only
 * their addressees (the audience rule of schema/communication.ts: an empty list is everyone).
 */
import type { LiveEvent } from '../../common/contracts/live';
import type { Group } from '../../common/permissions';

export interface LiveViewer {
  groups: readonly Group[];
  factoryId: string | null;
  isGlobal: boolean;
}

export function reachesViewer(event: LiveEvent, viewer: LiveViewer): boolean {
  switch (event.kind) {
    case 'resync':
      return true;
    case 'announcement': {
      const byGroup =
        event.audienceGroups.length === 0 || event.audienceGroups.some((group) => viewer.groups.includes(group));
      const byFactory =
        event.audienceFactoryIds.length === 0 ||
        (viewer.factoryId !== null && event.audienceFactoryIds.includes(viewer.factoryId));
      return byGroup && byFactory;
    }
    default:
      return (
        viewer.isGlobal ||
        event.factoryIds.length === 0 ||
        (viewer.factoryId !== null && event.factoryIds.includes(viewer.factoryId))
      );
  }
}
