import type { SnippetPart } from '@common/contracts/documentation';
import { cn } from '@web/lib/utils';

/** A search result's snippet: plain text with the words found highlighted (never HTML). */
export function SearchSnippet({ parts, className }: { parts: readonly SnippetPart[]; className?: string }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
