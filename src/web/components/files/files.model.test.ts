import { afterEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '@common/contracts/attachments';
import { setViewerTimeZone } from '@web/lib/time-zone';
import { ATTACHMENT_KINDS } from '@common/contracts/attachments';
import {
  ATTACH_SUGGESTION,
  attachedCount,
  attachedMessage,
  FILE_INPUT_ACCEPT,
  fileFacts,
  filesCount,
  fileTypeLabel,
  refusalBeforeUpload,
  refusalMessage,
  uploadingMessage,
  uploadPercent,
} from './files.model';

afterEach(() => setViewerTimeZone(null));

const MB = 1024 * 1024;

describe('FILE_INPUT_ACCEPT', () => {
  it('offers the six allowed types by extension and by type', () => {
    expect(FILE_INPUT_ACCEPT.split(',')).toEqual([
      '.pdf',
      '.jpg',
      '.png',
      '.webp',
      '.csv',
      '.xlsx',
      '.jpeg',
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});

describe('fileTypeLabel', () => {
  it('names the known types and says File for others', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('image/webp')).toBe('WebP');
    expect(fileTypeLabel('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('XLSX');
    expect(fileTypeLabel('application/zip')).toBe('File');
    expect(fileTypeLabel('toString')).toBe('File');
  });
});

describe('refusalBeforeUpload', () => {
  it('lets files of up to 10 MB through while the record stays within 20 files', () => {
    expect(refusalBeforeUpload([{ name: 'a.pdf', size: 10 * MB }], 19)).toBeNull();
  });

  it('refuses a file over 10 MB with the server’s message, naming it', () => {
    expect(
      refusalBeforeUpload(
        [
          { name: 'a.pdf', size: 1 },
          { name: 'scan.pdf', size: 10 * MB + 1 },
        ],
        0,
      ),
    ).toBe(ATTACHMENT_MESSAGES.tooBig('scan.pdf'));
  });

  it('refuses more files than the record has room for, saying how many more fit', () => {
    const two = [
      { name: 'a.pdf', size: 1 },
      { name: 'b.pdf', size: 1 },
    ];
    expect(refusalBeforeUpload(two, 19)).toBe(ATTACHMENT_MESSAGES.tooMany(1));
    expect(refusalBeforeUpload(two, 20)).toBe(ATTACHMENT_MESSAGES.tooMany(0));
    expect(refusalBeforeUpload(two, 18)).toBeNull();
  });

  it('asks for a file when none was chosen', () => {
    expect(refusalBeforeUpload([], 0)).toBe(ATTACHMENT_MESSAGES.noFile);
  });
});

describe('refusalMessage', () => {
  it('gives the reason alone for one file, and says none was attached when several were sent', () => {
    const reason = ATTACHMENT_MESSAGES.wrongType('bad.pdf');
    expect(refusalMessage(reason, 1)).toBe(reason);
    expect(refusalMessage(reason, 3)).toBe(`None of the 3 files was attached. ${reason}`);
  });
});

describe('uploadPercent', () => {
  it('rounds down and stays between 0 and 100', () => {
    expect(uploadPercent(null)).toBe(0);
    expect(uploadPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(uploadPercent({ loaded: 999, total: 1000 })).toBe(99);
    expect(uploadPercent({ loaded: 1000, total: 1000 })).toBe(100);
    expect(uploadPercent({ loaded: 1200, total: 1000 })).toBe(100);
  });
});

describe('messages', () => {
  it('names one file and counts several', () => {
    expect(attachedMessage(['note.jpg'])).toBe('note.jpg attached');
    expect(attachedMessage(['a.pdf', 'b.pdf', 'c.pdf'])).toBe('3 files attached');
    expect(uploadingMessage(['note.jpg'])).toBe('Uploading note.jpg');
    expect(uploadingMessage(['a.pdf', 'b.pdf'])).toBe('Uploading 2 files');
  });

  it('describes a file by type, size, who and when (on the viewer’s clock)', () => {
    setViewerTimeZone('Africa/Nairobi');
    const at = '2026-11-27T07:42:00.000Z';
    expect(
      fileFacts({
        type: 'application/pdf',
        size: 5_632,
        uploadedBy: { id: 'u', name: 'Ann Wanjiru', email: 'ann@example.com' },
        uploadedAt: at,
      }),
    ).toBe('PDF · 5.5 KB · Ann Wanjiru, 27 Nov 2026, 10:42');
    expect(fileFacts({ type: 'image/png', size: 10, uploadedBy: null, uploadedAt: at })).toBe(
      'PNG · 10 B · a former user, 27 Nov 2026, 10:42',
    );
    expect(
      fileFacts({
        type: 'text/csv',
        size: 2048,
        uploadedBy: { id: 'u', name: null, email: 'x@e.com' },
        uploadedAt: at,
      }),
    ).toBe('CSV · 2 KB · x@e.com, 27 Nov 2026, 10:42');
  });

  it('counts a record’s files for its readers, and shows nothing without one', () => {
    expect(attachedCount(0)).toBeNull();
    expect(attachedCount(1)).toBe('1 file');
    expect(attachedCount(3)).toBe('3 files');
  });
});

describe('filesCount', () => {
  it('shows those who may attach how many of the 20 are used, and readers the count alone', () => {
    expect(filesCount(3, true)).toBe('3 of 20');
    expect(filesCount(3, false)).toBe('3');
  });
});

describe('ATTACH_SUGGESTION', () => {
  it('suggests what is usually attached to each kind of record, in a sentence of its own', () => {
    for (const kind of ATTACHMENT_KINDS) expect(ATTACH_SUGGESTION[kind]).toMatch(/^Attach .+\.$/);
    expect(ATTACH_SUGGESTION.partner).toContain('contract');
    expect(ATTACH_SUGGESTION['steel-record']).toContain('invoice');
  });
});
