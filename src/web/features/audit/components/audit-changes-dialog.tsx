import type { AuditEntry } from '@common/contracts/audit';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { formatDateTime } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { auditDiff } from './audit-diff.model';
import { actorLabel, humanize, recordTypeLabel } from './audit-labels.model';

/** Before and after of one entry side by side; changed keys are highlighted (and said so). */
export function AuditChangesDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const lines = entry ? auditDiff(entry.before, entry.after) : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>
            {entry
              ? `${recordTypeLabel(entry.recordType)}${entry.record ? ` ${entry.record.label}` : ''}: ${humanize(entry.action)}`
              : 'Changes'}
          </DialogTitle>
          <DialogDescription>
            {entry ? `${formatDateTime(entry.at)} by ${actorLabel(entry.actor)}.` : null}
          </DialogDescription>
        </DialogHeader>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">This entry records no before or after values.</p>
        ) : (
          <table className="w-full table-fixed border-collapse text-sm" aria-label="Before and after">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="w-1/5 py-2 pr-2 font-medium">
                  Field
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Before
                </th>
                <th scope="col" className="py-2 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr
                  key={line.key}
                  className={cn('border-b align-top', line.changed && 'bg-amber-50 dark:bg-amber-950/40')}
                  data-changed={line.changed || undefined}
                >
                  <th scope="row" className="py-2 pr-2 text-left font-normal break-words">
                    {line.label}
                    {line.changed ? (
                      <span className="ml-1 rounded bg-amber-200 px-1 font-sans text-xs text-amber-950">changed</span>
                    ) : null}
                  </th>
                  <td className="py-2 pr-2">
                    <FieldValue text={line.before} />
                  </td>
                  <td className="py-2">
                    <FieldValue text={line.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogContent>
    </Dialog>
  );
}

function FieldValue({ text }: { text: string | undefined }) {
  if (text === undefined) return <span className="text-muted-foreground">(none)</span>;
  return <p className="break-words whitespace-pre-wrap">{text}</p>;
}
