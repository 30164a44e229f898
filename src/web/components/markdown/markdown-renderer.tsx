import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '@web/lib/utils';

/**
 * Markdown as the app shows it everywhere (announcements, documentation, App Doc): GitHub
 * flavour (tables, task lists, strikethrough), raw HTML never rendered, links to other sites
 * opened in a new tab. Loaded on first use through `Markdown` (markdown.tsx), never imported directly.
 */
export function MarkdownRenderer({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn('markdown text-sm leading-relaxed', className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        components={{
          // A task list's box (- [x] …) is read-only; give it a name, the item's text follows it.
          input: ({ type, checked, disabled }) => (
            <input type={type} checked={checked} disabled={disabled} readOnly aria-label={checked ? 'Done' : 'To do'} />
          ),
          a: ({ href, children: text }) => {
            const external = href ? /^https?:\/\//.test(href) : false;
            return (
              <a
                href={href}
                className="font-medium text-primary underline underline-offset-4"
                {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
              >
                {text}
              </a>
            );
          },
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
