import { useId, useMemo } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Announcement } from '@common/contracts/announcements';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from '@common/contracts/announcements';
import type { MeResponse } from '@common/contracts/me';
import { GROUPS } from '@common/permissions';
import { FilesPanel } from '@web/components/files/files-panel';
import { FormDialog } from '@web/components/form/form-dialog';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { useAppForm } from '@web/components/form/use-app-form';
import { Markdown } from '@web/components/markdown/markdown';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useFactoryOptions } from '@web/lib/factory-options';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useUpdateAnnouncement } from '../api/update-announcement';
import {
  announcementFormDefaults,
  announcementFormSchema,
  announcementRequest,
  type AnnouncementFormInput,
  type AnnouncementFormValues,
} from './announcement-form.model';

type AnnouncementForm = UseFormReturn<AnnouncementFormInput, unknown, AnnouncementFormValues>;

interface AnnouncementFormDialogProps {
  /** The announcement to edit; null writes a new one. */
  announcement: Announcement | null;
  viewer: Pick<MeResponse, 'isGlobal' | 'factory'>;
  onClose: () => void;
}

/**
 * New announcement / Edit announcement: title, Markdown text with a preview, audience (everyone,
 * or chosen groups and/or factories), pinned, publish and expiry times. A factory-scoped manager
 * addresses their own factory only. An existing one's files (attached at once, not with Save)
 * below the form. Asks before throwing away changes.
 */
export function AnnouncementFormDialog({ announcement, viewer, onClose }: AnnouncementFormDialogProps) {
  const { mutateAsync: create } = useCreateAnnouncement();
  const { mutateAsync: update } = useUpdateAnnouncement();
  const initial = useMemo(() => announcementFormDefaults(announcement), [announcement]);

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: announcementFormSchema,
    defaultValues: initial,
    onSubmit: (values) => {
      const request = announcementRequest(values, initial, viewer.isGlobal);
      return announcement ? update({ id: announcement.id, changes: request }) : create(request);
    },
    successMessage: (saved) =>
      announcement
        ? 'Announcement saved'
        : saved.status === 'scheduled'
          ? 'Announcement scheduled'
          : 'Announcement published',
    onSuccess: onClose,
    errorTitle: announcement ? 'Could not save the announcement' : 'Could not publish the announcement',
  });

  return (
    <FormDialog
      title={announcement ? 'Edit announcement' : 'New announcement'}
      description="Markdown text for everyone, or for chosen groups or factories. A publish time in the future schedules it."
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
      onClose={onClose}
      submitLabel={announcement ? 'Save changes' : 'Publish'}
      busyText={announcement ? 'Saving...' : 'Publishing...'}
      submitDisabled={announcement !== null && !isDirty}
      contentClassName="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
      after={announcement ? <FilesPanel kind="announcement" recordId={announcement.id} framed={false} /> : null}
    >
      <TextField form={form} name="title" label="Title" autoComplete="off" maxLength={ANNOUNCEMENT_TITLE_MAX} />
      <BodyField form={form} />
      <AudienceFields form={form} viewer={viewer} />
      <PinnedField form={form} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="publishAt"
          label="Publish at"
          type="datetime-local"
          description="Now, or later to schedule it."
        />
        <TextField
          form={form}
          name="expiresAt"
          label="Expires at"
          type="datetime-local"
          description="Empty: it stays until expired."
        />
      </div>
    </FormDialog>
  );
}

/** The Markdown text, with a Write and a Preview tab. */
function BodyField({ form }: { form: AnnouncementForm }) {
  const body = useWatch({ control: form.control, name: 'body' });
  return (
    <Tabs defaultValue="write" className="gap-2">
      <TabsList aria-label="Text">
        <TabsTrigger value="write">Write</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
      </TabsList>
      {/* Kept mounted while previewing, so the field can still show and focus its error. */}
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <TextareaField
          form={form}
          name="body"
          label="Text"
          description="Markdown: **bold**, *italic*, lists with -, links [text](https://…)."
          rows={8}
          maxLength={ANNOUNCEMENT_BODY_MAX}
        />
      </TabsContent>
      <TabsContent value="preview" className="min-h-40 rounded-md border p-3">
        {body.trim() ? (
          <Markdown>{body}</Markdown>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
        )}
      </TabsContent>
    </Tabs>
  );
}

function PinnedField({ form }: { form: AnnouncementForm }) {
  const id = useId();
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control: form.control, name: 'pinned' });
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        ref={ref}
        checked={value}
        onCheckedChange={onChange}
        onBlur={onBlur}
        aria-describedby={`${id}-description`}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Pinned</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          Pinned announcements come first.
        </p>
      </div>
    </div>
  );
}

/** Everyone, or chosen groups and/or factories (a factory-scoped manager: their factory only). */
function AudienceFields({ form, viewer }: { form: AnnouncementForm; viewer: AnnouncementFormDialogProps['viewer'] }) {
  const id = useId();
  const { field: audience } = useController({ control: form.control, name: 'audience' });
  const factories = useFactoryOptions();
  const chosenFactories = useWatch({ control: form.control, name: 'audienceFactoryIds' });
  const factoryOptions = (factories.data ?? [])
    .filter((f) => f.active || chosenFactories.includes(f.id))
    .map((f) => ({ value: f.id, label: `${f.name} (${f.code})` }));
  const ownFactory = viewer.isGlobal ? null : viewer.factory;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Audience</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {(
          [
            ['everyone', ownFactory ? `Everyone at ${ownFactory.name}` : 'Everyone'],
            ['chosen', ownFactory ? 'Chosen groups' : 'Chosen groups or factories'],
          ] as const
        ).map(([value, label]) => (
          <div key={value} className="flex items-center gap-2">
            <input
              type="radio"
              id={`${id}-${value}`}
              name={audience.name}
              value={value}
              checked={audience.value === value}
              onChange={() => audience.onChange(value)}
              onBlur={audience.onBlur}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`${id}-${value}`} className="font-normal">
              {label}
            </Label>
          </div>
        ))}
      </div>
      {audience.value === 'chosen' ? (
        <div className="flex flex-col gap-4 rounded-md border p-3">
          <Checklist form={form} name="audienceGroups" legend="Groups" options={GROUP_OPTIONS} />
          {ownFactory ? (
            <p className="text-sm text-muted-foreground">Only people of {ownFactory.name} receive it.</p>
          ) : (
            <Checklist
              form={form}
              name="audienceFactoryIds"
              legend="Factories"
              options={factoryOptions}
              loading={factories.isPending}
            />
          )}
          <p className="text-sm text-muted-foreground">
            When both are chosen, a person must be in one of the groups and at one of the factories.
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

const GROUP_OPTIONS = GROUPS.map((g) => ({ value: g, label: g }));

/** Checkboxes for a list of values, with the field's error under them. */
function Checklist({
  form,
  name,
  legend,
  options,
  loading = false,
}: {
  form: AnnouncementForm;
  name: 'audienceGroups' | 'audienceFactoryIds';
  legend: string;
  options: readonly { value: string; label: string }[];
  loading?: boolean;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  const value: string[] = field.value;
  const error = fieldState.error?.message ?? fieldState.error?.root?.message;
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...value, option] : value.filter((v) => v !== option);
    field.onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {loading ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((option, i) => (
          <div key={option.value} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${i}`}
              ref={i === 0 ? field.ref : undefined}
              checked={value.includes(option.value)}
              onCheckedChange={(checked) => toggle(option.value, checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-${i}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
