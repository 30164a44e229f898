import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertTriangleIcon, RotateCwIcon, SaveIcon } from 'lucide-react';
import { toast } from 'sonner';
import { ERROR_CODES } from '@common/contracts/errors';
import {
  docPageFormSchema,
  docStaleDetailsSchema,
  type DocPage,
  type DocPageFormValues,
} from '@common/contracts/documentation';
import { TextareaField, TextField } from '@web/components/form/form-fields';
import { SubmitButton } from '@web/components/form/submit-button';
import { UnsavedChangesGuard } from '@web/components/form/unsaved-changes-guard';
import { useAppForm } from '@web/components/form/use-app-form';
import { Markdown } from '@web/components/markdown/markdown';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiRequestError } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useCreateDocPage } from '../api/create-doc-page';
import { useUpdateDocPage } from '../api/update-doc-page';
import { DOCUMENTATION_PATH, docPagePath } from './documentation-layout';

function valuesOf(page: DocPage | null): DocPageFormValues {
  return { title: page?.title ?? '', section: page?.section ?? '', body: page?.body ?? '', slug: '' };
}

/** The refusal of a save started from an older version (409 with who saved since). */
function staleMessage(error: unknown): string | null {
  if (!isApiRequestError(error) || error.status !== 409 || error.code !== ERROR_CODES.conflict) return null;
  const details = docStaleDetailsSchema.safeParse(error.details);
  if (!details.success) return null;
  const who = details.data.updatedBy?.name ?? details.data.updatedBy?.email ?? 'someone';
  return (
    `Someone else saved this page since you opened it: ${who} saved version ${details.data.currentVersion} ` +
    `on ${formatDateTime(details.data.updatedAt)}.`
  );
}

interface DocPageEditorProps {
  /** The page as the editor opened it; null for a new page. */
  page: DocPage | null;
  /** The sections pages use now (suggested for the Section field). */
  sections: readonly string[];
  /** Reads the page again (after someone else saved it). */
  onReload?: () => Promise<DocPage | undefined>;
}

/**
 * The Markdown editor of a page: title, section (with the existing ones suggested), address (new
 * pages), the text with Write/Preview tabs (side by side on wide screens). A save names the version
 * it started from; when someone saved since, the refusal says who and when and offers to reload.
 */
export function DocPageEditor({ page, sections, onReload }: DocPageEditorProps) {
  const navigate = useNavigate();
  const formId = useId();
  const sectionListId = useId();
  const create = useCreateDocPage();
  const update = useUpdateDocPage();
  /** The version this editor started from (moves on after a reload). */
  const [base, setBase] = useState(page);
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const { form, onSubmit, isSubmitting, isDirty } = useAppForm({
    schema: docPageFormSchema,
    defaultValues: valuesOf(page),
    errorTitle: 'Could not save the page',
    onSubmit: async (values) => {
      setStale(null);
      try {
        return base
          ? await update.mutateAsync({
              slug: base.slug,
              changes: { title: values.title, section: values.section, body: values.body, version: base.version },
            })
          : await create.mutateAsync({
              title: values.title,
              section: values.section,
              body: values.body,
              ...(values.slug ? { slug: values.slug } : {}),
            });
      } catch (error) {
        setStale(staleMessage(error));
        throw error;
      }
    },
    successMessage: (saved) =>
      base ? `Saved version ${saved.version} of ${saved.title}` : `Page ${saved.title} created`,
    onSuccess: (saved) => void navigate(docPagePath(saved.slug)),
  });

  const reload = async () => {
    if (!onReload) return;
    setReloading(true);
    try {
      const fresh = await onReload();
      if (fresh) {
        setBase(fresh);
        form.reset(valuesOf(fresh));
        setStale(null);
        toast.success(`Version ${fresh.version} loaded`);
      }
    } finally {
      setReloading(false);
    }
  };

  const body = form.watch('body');
  const cancelTo = base ? docPagePath(base.slug) : DOCUMENTATION_PATH;

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {stale ? (
        <div role="alert" className="flex flex-col gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4">
          <p className="flex items-start gap-2 text-sm font-medium">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            {stale}
          </p>
          <p className="text-sm text-muted-foreground">
            Your text is still in the editor: copy what you need before you reload, reloading replaces it with the saved
            version.
          </p>
          {onReload ? (
            <Button
              type="button"
              variant="outline"
              className="w-fit"
              disabled={reloading}
              onClick={() => void reload()}
            >
              <RotateCwIcon aria-hidden="true" />
              {reloading ? 'Reloading...' : 'Reload the latest version'}
            </Button>
          ) : null}
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="title" label="Title" maxLength={200} autoComplete="off" />
        <TextField
          form={form}
          name="section"
          label="Section"
          list={sectionListId}
          maxLength={100}
          autoComplete="off"
          description="Pick an existing section or type a new one."
        />
        <datalist id={sectionListId}>
          {sections.map((section) => (
            <option key={section} value={section} />
          ))}
        </datalist>
        {base ? null : (
          <TextField
            form={form}
            name="slug"
            label="Address (optional)"
            className="sm:col-span-2"
            autoComplete="off"
            description="The end of the page's link, e.g. kiln-safety. Leave it empty to make it from the title. It cannot be changed later."
          />
        )}
      </div>

      <Tabs defaultValue="write" className="gap-3">
        <TabsList aria-label="Text view" className="lg:hidden">
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <div className="grid gap-4 lg:grid-cols-2">
          <TabsContent value="write" forceMount className="data-[state=inactive]:hidden lg:data-[state=inactive]:block">
            <TextareaField
              form={form}
              name="body"
              label="Text (Markdown)"
              rows={22}
              description="# Heading, **bold**, - list, [link](https://…), | table |"
            />
          </TabsContent>
          <TabsContent
            value="preview"
            forceMount
            className="data-[state=inactive]:hidden lg:data-[state=inactive]:block"
          >
            <div className="flex flex-col gap-2">
              <p className="text-sm font-medium">Preview</p>
              <div className="min-h-40 rounded-md border p-4">
                {body.trim() ? (
                  <Markdown>{body}</Markdown>
                ) : (
                  <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
                )}
              </div>
            </div>
          </TabsContent>
        </div>
      </Tabs>

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting} busyText="Saving...">
          <SaveIcon aria-hidden="true" />
          {base ? 'Save page' : 'Create page'}
        </SubmitButton>
        <Link to={cancelTo} className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </Link>
        {base ? <p className="text-sm text-muted-foreground">Editing version {base.version}.</p> : null}
      </div>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
    </form>
  );
}
