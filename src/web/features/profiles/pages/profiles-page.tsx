import { useCallback, useState } from 'react';
import { PencilIcon } from 'lucide-react';
import type { ListProfilesQuery, Profile } from '@common/contracts/profiles';
import { DataTable } from '@web/components/data-table/data-table';
import type { DataTableRowAction } from '@web/components/data-table/data-table-row-actions';
import type { ListStateConfig } from '@web/components/data-table/list-state.model';
import { useListState } from '@web/components/data-table/use-list-state';
import { PageHeader } from '@web/components/ui/page-header';
import { useProfiles } from '../api/get-profiles';
import { PROFILE_COLUMNS } from '../components/profile-columns';
import { ProfileFormDialog } from '../components/profile-form-dialog';

const PROFILE_LIST: ListStateConfig<ListProfilesQuery['sort'], Record<string, never>> = {
  sortable: ['name', 'email'],
  defaultSort: 'name',
  filters: {},
};
const NOUN = { one: 'profile', other: 'profiles' };

/** User Profiles (/users/profiles): list, search and edit name, phone and job title. */
export function ProfilesPage({ title }: { title: string }) {
  const list = useListState(PROFILE_LIST);
  const result = useProfiles(list.apiParams);
  const [editing, setEditing] = useState<Profile | null>(null);
  const rowActions = useCallback(
    (profile: Profile): DataTableRowAction[] => [
      { label: 'Edit', icon: PencilIcon, onSelect: () => setEditing(profile) },
    ],
    [],
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description="Names, phone numbers and job titles of the people who use the app." />
      <DataTable
        id="profiles"
        label="User profiles"
        noun={NOUN}
        columns={PROFILE_COLUMNS}
        list={list}
        result={result}
        getRowId={getProfileId}
        rowLabel={profileLabel}
        rowActions={rowActions}
        searchLabel="Search profiles"
        searchPlaceholder="Name, email, phone or job title"
        empty={{ title: 'No profiles yet' }}
      />
      {editing ? <ProfileFormDialog key={editing.id} profile={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function getProfileId(profile: Profile): string {
  return profile.id;
}

function profileLabel(profile: Profile): string {
  return `${profile.name} (${profile.email})`;
}
