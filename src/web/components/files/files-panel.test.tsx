/** The files panel, rendered to HTML on the server (the unit tests run without a DOM), with its list loaded. */
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, type Attachment, type AttachmentList } from '@common/contracts/attachments';
import { setViewerTimeZone } from '@web/lib/time-zone';
import { recordFilesQueryOptions } from './api/get-record-files';
import { FilesPanel } from './files-panel';

afterEach(() => setViewerTimeZone(null));

const PHOTO: Attachment = {
  id: 'f1',
  name: 'signed note.jpg',
  type: 'image/jpeg',
  size: 52_000,
  hasThumbnail: true,
  uploadedBy: { id: 'u1', name: 'Ann Wanjiru', email: 'ann@example.com' },
  uploadedAt: '2026-11-27T07:42:00.000Z',
};
const PDF: Attachment = { ...PHOTO, id: 'f2', name: 'invoice.pdf', type: 'application/pdf', hasThumbnail: false };

function render(list: AttachmentList | null, framed = true): string {
  setViewerTimeZone('Africa/Nairobi');
  const client = new QueryClient();
  if (list) client.setQueryData(recordFilesQueryOptions('stove-transfer', 't1').queryKey, list);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FilesPanel kind="stove-transfer" recordId="t1" framed={framed} />
    </QueryClientProvider>,
  );
}

describe('FilesPanel', () => {
  it('says it is loading until the list comes', () => {
    expect(render(null)).toContain('Loading files...');
  });

  it('lists each file with its download link, facts and a preview of images; Delete and upload for an editor', () => {
    const html = render({ items: [PDF, PHOTO], total: 2, canEdit: true });
    expect(html).toContain('Files (2 of 20)');
    expect(html).toContain('href="/api/stove-transfers/t1/files/f2" download="invoice.pdf"');
    expect(html).toContain('src="/api/stove-transfers/t1/files/f1/thumbnail" alt="Preview of signed note.jpg"');
    expect(html).not.toContain('alt="Preview of invoice.pdf"');
    expect(html).toContain('PDF · 51 KB · Ann Wanjiru, 27 Nov 2026, 10:42');
    expect(html).toContain('aria-label="Delete invoice.pdf"');
    expect(html).toContain('Attach files');
    expect(html).toContain('aria-label="Files to attach"');
    expect(html).toContain('accept=".pdf,.jpg,.png,.webp,.csv,.xlsx,.jpeg,');
  });

  it('lets a viewer who may not change the record list and download, with no upload or Delete', () => {
    const html = render({ items: [PDF], total: 1, canEdit: false });
    expect(html).toContain('href="/api/stove-transfers/t1/files/f2"');
    expect(html).not.toContain('Attach files');
    expect(html).not.toContain('type="file"');
    expect(html).not.toContain('Delete invoice.pdf');
    expect(html).toContain('Files (1)');
    expect(html).not.toContain('of 20');
  });

  it('offers no more uploads once the record has its 20 files, saying so', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({ ...PDF, id: `f${i}`, name: `page ${i}.pdf` }));
    const html = render({ items: twenty, total: 20, canEdit: true });
    expect(html).toContain(ATTACHMENT_MESSAGES.tooMany(0));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Attach files<\/button>/);
    expect(render({ items: [PDF], total: 1, canEdit: true })).not.toMatch(/disabled=""[^>]*>.*?Attach files/);
  });

  it('says when there are no files, inviting an editor to attach one', () => {
    expect(render({ items: [], total: 0, canEdit: true })).toContain(
      'No files on this stove transfer yet. Attach a photo of the signed delivery note.',
    );
    const viewer = render({ items: [], total: 0, canEdit: false });
    expect(viewer).toContain('No files on this stove transfer yet.');
    expect(viewer).not.toContain('Attach a photo');
  });

  it('stands in a card of its own, or bare under a smaller heading inside a dialog', () => {
    expect(render({ items: [], total: 0, canEdit: false })).toMatch(
      /<div[^>]*role="region"[^>]*>.*<h2[^>]*>Files \(0\)<\/h2>/,
    );
    expect(render({ items: [], total: 0, canEdit: false }, false)).toMatch(/<section[^>]*><h3[^>]*>Files \(0\)<\/h3>/);
  });
});
