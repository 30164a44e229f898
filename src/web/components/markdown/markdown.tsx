import { lazy, Suspense } from 'react';
import { cn } from '@web/lib/utils';

// react-markdown and its parsers are the largest part of the client: they load with the first
// text shown as Markdown, not with every page (the header's bell is on every page).
const MarkdownRenderer = lazy(() => import('./markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })));

/**
 * A Markdown text as the app shows it everywhere (see markdown-renderer.tsx). Until the renderer
 * has loaded, the text shows as written, its line breaks kept.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense fallback={<div className={cn('text-sm leading-relaxed whitespace-pre-wrap', className)}>{children}</div>}>
      <MarkdownRenderer className={className}>{children}</MarkdownRenderer>
    </Suspense>
  );
}
