/**
 * Where "Scan with camera" shows: rendered to HTML on the server (the unit tests run without a DOM),
 * with the browser's navigator stubbed as a device with or without a camera API.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeEntry } from './code-entry';

afterEach(() => {
  vi.unstubAllGlobals();
});

function codeEntry(): string {
  return renderToStaticMarkup(<CodeEntry codes={[]} onChange={() => undefined} label="Stove IDs to send" />);
}

describe('Scan with camera', () => {
  it('is offered in the scan tab of every code entry where the browser can open a camera', () => {
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.reject(new Error('not here')) } });
    expect(codeEntry()).toContain('Scan with camera');
  });

  it('is not offered where the browser has no camera API (an old browser, or a page not served over https)', () => {
    vi.stubGlobal('navigator', {});
    expect(codeEntry()).not.toContain('Scan with camera');
  });
});
