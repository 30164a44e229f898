import { useId, useRef, useState, type DragEvent, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import { CameraIcon, FileTextIcon, PaperclipIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import {
  ATTACHMENT_KIND_INFO,
  ATTACHMENT_MESSAGES,
  ATTACHMENTS_PER_RECORD,
  type Attachment,
  type AttachmentKind,
} from '@common/contracts/attachments';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { Progress } from '@web/components/ui/progress';
import { errorMessage, type UploadProgress } from '@web/lib/api-client';
import { useIsMobile } from '@web/lib/use-is-mobile';
import { cn } from '@web/lib/utils';
import { useDeleteRecordFile } from './api/delete-record-file';
import { recordFileHref, recordFileThumbnailHref, useRecordFiles } from './api/get-record-files';
import { useUploadRecordFiles } from './api/upload-record-files';
import {
  ATTACH_SUGGESTION,
  attachedMessage,
  FILE_INPUT_ACCEPT,
  FILE_RULES,
  fileFacts,
  filesCount,
  refusalBeforeUpload,
  refusalMessage,
  uploadingMessage,
  uploadPercent,
} from './files.model';

/**
 * The files on one record (a signed delivery note, an invoice, a contract): each with its type,
 * size, who attached it and when, a thumbnail for images, and Download; for those who may change
 * the record (the server says so with the list), upload (choose, drop, or take a photo on a phone)
 * with its progress, and Delete after a confirmation.
 */
export function FilesPanel({
  kind,
  recordId,
  framed = true,
}: {
  kind: AttachmentKind;
  recordId: string;
  /** In a card of its own (a document's page), or bare under a heading (inside a dialog). */
  framed?: boolean;
}) {
  const headingId = useId();
  const files = useRecordFiles(kind, recordId);
  const count = files.data ? ` (${filesCount(files.data.total, files.data.canEdit)})` : '';
  const body = files.isPending ? (
    <Loading label="Loading files..." className="justify-start py-2" />
  ) : files.isError ? (
    <LoadError what="the files" error={files.error} onRetry={() => void files.refetch()} />
  ) : (
    <FilesBody kind={kind} recordId={recordId} items={files.data.items} canEdit={files.data.canEdit} />
  );
  if (!framed) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h3 id={headingId} className="text-base font-semibold">
          Files{count}
        </h3>
        {body}
      </section>
    );
  }
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Files{count}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{body}</CardContent>
    </Card>
  );
}

function FilesBody({
  kind,
  recordId,
  items,
  canEdit,
}: {
  kind: AttachmentKind;
  recordId: string;
  items: Attachment[];
  canEdit: boolean;
}) {
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  const remove = useDeleteRecordFile(kind, recordId);
  const noun = ATTACHMENT_KIND_INFO[kind].noun;

  const deleteFile = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.id);
    toast.success(`${deleting.name} deleted`);
  };

  return (
    <>
      {canEdit ? <FileUpload kind={kind} recordId={recordId} have={items.length} /> : null}
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No files on this {noun} yet.
          {canEdit ? ` ${ATTACH_SUGGESTION[kind]}` : ''}
        </p>
      ) : (
        <ul aria-label="Files" className="flex flex-col divide-y rounded-md border">
          {items.map((file) => (
            <li key={file.id} className="flex items-center gap-3 p-2">
              {file.hasThumbnail ? (
                <img
                  src={recordFileThumbnailHref(kind, recordId, file.id)}
                  alt={`Preview of ${file.name}`}
                  loading="lazy"
                  className="size-12 shrink-0 rounded border object-cover"
                />
              ) : (
                <div className="flex size-12 shrink-0 items-center justify-center rounded border bg-muted">
                  <FileTextIcon className="size-6 text-muted-foreground" aria-hidden="true" />
                </div>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <a
                  href={recordFileHref(kind, recordId, file.id)}
                  download={file.name}
                  className="truncate text-sm font-medium text-primary underline underline-offset-4"
                  aria-label={`Download ${file.name}`}
                >
                  {file.name}
                </a>
                <span className="text-xs text-muted-foreground">{fileFacts(file)}</span>
              </div>
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${file.name}`}
                  title="Delete"
                  onClick={() => setDeleting(file)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.name ?? 'this file'}?`}
        description={`The file is removed from this ${noun} for everyone who can see it.`}
        confirmLabel="Delete file"
        busyLabel="Deleting..."
        cancelLabel="Keep it"
        errorTitle="The file was not deleted"
        onConfirm={deleteFile}
      />
    </>
  );
}

/** Choose or drop files (and, on a phone, take a photo), send them, and say what became of them. */
function FileUpload({ kind, recordId, have }: { kind: AttachmentKind; recordId: string; have: number }) {
  const isMobile = useIsMobile();
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const upload = useUploadRecordFiles(kind, recordId);
  const [sending, setSending] = useState<{
    names: string[];
    progress: UploadProgress | null;
    stop: AbortController;
  } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = sending !== null;
  const full = have >= ATTACHMENTS_PER_RECORD;

  const send = async (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length === 0 || busy) return;
    const names = chosen.map((f) => f.name);
    const refused = refusalBeforeUpload(chosen, have);
    setRefusal(refused && refusalMessage(refused, names.length));
    if (refused) return;
    const stop = new AbortController();
    setSending({ names, progress: null, stop });
    try {
      await upload.mutateAsync({
        files: chosen,
        onProgress: (progress) => setSending({ names, progress, stop }),
        signal: stop.signal,
      });
      toast.success(attachedMessage(names));
    } catch (error) {
      if (stop.signal.aborted) toast.info('Upload stopped');
      else setRefusal(refusalMessage(errorMessage(error), names.length));
    } finally {
      setSending(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files);
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col gap-3 rounded-md border border-dashed p-3 sm:flex-row sm:items-center',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy || full} onClick={() => chooser.current?.click()}>
            <PaperclipIcon aria-hidden="true" />
            Attach files
          </Button>
          {isMobile ? (
            <Button variant="outline" disabled={busy || full} onClick={() => camera.current?.click()}>
              <CameraIcon aria-hidden="true" />
              Take photo
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="max-md:hidden">
            <UploadIcon className="mr-1 inline size-4 align-text-bottom" aria-hidden="true" />
            Or drop files here.{' '}
          </span>
          {full ? ATTACHMENT_MESSAGES.tooMany(0) : FILE_RULES}
        </p>
        <FileInput ref={chooser} label="Files to attach" accept={FILE_INPUT_ACCEPT} disabled={busy} onFiles={send} />
        {isMobile ? (
          <FileInput
            ref={camera}
            label="Photo to attach"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onFiles={send}
          />
        ) : null}
      </div>
      {sending ? (
        <UploadState names={sending.names} progress={sending.progress} onStop={() => sending.stop.abort()} />
      ) : null}
      {refusal ? <Refusal onDismiss={() => setRefusal(null)}>{refusal}</Refusal> : null}
    </div>
  );
}

/** A hidden file input, opened by its button; emptied after each choice so the same file may be chosen again. */
function FileInput({
  ref,
  label,
  accept,
  capture,
  disabled,
  onFiles,
}: {
  ref: RefObject<HTMLInputElement | null>;
  label: string;
  accept: string;
  /** A phone's camera: `environment` (the back one). */
  capture?: 'environment';
  disabled: boolean;
  onFiles: (files: FileList | null) => Promise<void>;
}) {
  return (
    <input
      ref={ref}
      type="file"
      multiple={!capture}
      accept={accept}
      capture={capture}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      disabled={disabled}
      onChange={(event) => {
        const target = event.currentTarget;
        void onFiles(target.files).finally(() => {
          target.value = '';
        });
      }}
    />
  );
}

function UploadState({
  names,
  progress,
  onStop,
}: {
  names: string[];
  progress: UploadProgress | null;
  onStop: () => void;
}) {
  const label = uploadingMessage(names);
  const percent = uploadPercent(progress);
  return (
    <div className="flex items-center gap-3 text-sm">
      <div role="status" className="flex flex-1 flex-col gap-1.5">
        <span>
          {label}... {progress ? `${percent}%` : ''}
        </span>
        <Progress aria-label={label} value={progress ? percent : null} />
      </div>
      {percent < 100 ? (
        <Button variant="outline" size="sm" onClick={onStop}>
          Stop
        </Button>
      ) : null}
    </div>
  );
}

function Refusal({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="flex-1">{children}</p>
      <Button variant="outline" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
