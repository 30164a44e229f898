import { CopyIcon, DownloadIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';

const FILE_NAME = 'stove-back-office-backup-codes.txt';

/** Backup codes, shown once, with copy and download. */
export function BackupCodesList({ codes }: { codes: readonly string[] }) {
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Backup codes copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the codes and copy them by hand.' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted/50 p-4 font-mono text-sm"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download codes
        </Button>
      </div>
    </div>
  );
}
