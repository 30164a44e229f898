/** My announcements, rendered to HTML on the server (the unit tests run without a DOM): what a reader is offered of the attached files. */
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MyAnnouncement } from '@common/contracts/announcements';
import { MyAnnouncementList } from './my-announcement-list';

const ROTA: MyAnnouncement = {
  id: 'a1',
  title: 'Holiday rota',
  body: 'See the attached rota.',
  pinned: false,
  publishAt: '2026-11-27T07:00:00.000Z',
  expiresAt: null,
  author: 'Amina Admin',
  read: true,
  files: 2,
};

function render(items: MyAnnouncement[]): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MyAnnouncementList items={items} />
    </QueryClientProvider>,
  );
}

describe('MyAnnouncementList', () => {
  it('offers the attached files of an announcement, folded until asked for', () => {
    const html = render([ROTA]);
    expect(html).toMatch(
      /<button[^>]*aria-expanded="false"[^>]*>.*?2 files<span class="sr-only"> of Holiday rota<\/span><\/button>/,
    );
    // Folded: nothing is asked of the server until the reader opens them.
    expect(html).toMatch(/<div id="[^"]+-files" hidden="">\s*<\/div>/);
  });

  it('shows no files button for an announcement without files', () => {
    const html = render([{ ...ROTA, files: 0 }]);
    expect(html).not.toContain('files');
    expect(html).not.toContain('1 file');
  });
});
