/** Scan with camera: Chromium's fake camera shows a printed label's QR code; its code lands in the list. */
import { expect, test, type Request } from '@playwright/test';
import { stoveCode } from '../src/common/stove-codes';
import { labelVideo } from './fake-camera';
import { PHONE, login, seriousViolations } from './support';
import { createStoveIds, factoryByCode, sendTransfer, signInNewFactoryManager } from './stove-transfers.support';

const CODE = stoveCode('CAM', 12345, 5);

test.use({
  ...PHONE,
  // The config's browser and arguments, and a camera that films the label (permission granted).
  launchOptions: async ({ launchOptions }, use) => {
    await use({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${labelVideo(CODE)}`,
      ],
    });
  },
});

test('a receiver on a phone scans a label with the camera: added once, told of the repeat, read offline-ready', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await login(page, 'Admin');
  await page.goto('/stove-id/validate');
  const list = page.getByRole('list', { name: 'Stove IDs to validate: newest first' });
  const camera = page.getByRole('region', { name: 'Scan with camera' });

  const opened = Date.now();
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(list.getByRole('listitem').filter({ hasText: CODE })).toBeVisible();
  const openToCode = Date.now() - opened;
  await expect(camera.getByRole('status')).toHaveText(`Added ${CODE}.`);
  const reader = await page.evaluate(() => ('BarcodeDetector' in window ? 'native' : 'polyfill'));
  const inView = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    return at('camera-scanner:code') - at('camera-scanner:first-frame');
  });
  console.log(
    `camera scanning (${reader} reader): ${Math.round(inView)} ms from the first frame to the code, ${openToCode} ms from the click`,
  );

  expect(await seriousViolations(page)).toEqual([]);

  // The reader's WebAssembly came from this server, which allows compiling it.
  const wasm = requests.filter((r) => r.url().endsWith('.wasm'));
  if (reader === 'polyfill') {
    expect(wasm).toHaveLength(1);
    const response = await wasm[0]?.response();
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('application/wasm');
  }
  expect(requests.filter((r) => !r.url().startsWith(new URL(page.url()).origin))).toEqual([]);

  // Closing stops the camera and gives the keyboard back to the button.
  await camera.getByRole('button', { name: 'Close camera' }).click();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeFocused();

  // The same label again: told of, not added twice.
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(camera.getByRole('status')).toHaveText(`${CODE} is already in the list.`);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(camera).toHaveCount(0);
});

test('a receiver at the gate receives a transfer by scanning its label with the camera', async ({ page, browser }) => {
  await login(page, 'Admin');
  const nbo = await factoryByCode(page, 'NBO');
  const msa = await factoryByCode(page, 'MSA');
  // The filmed label's ID, and one more that has not arrived.
  const batch = await page.request.post('/api/stove-id-batches', {
    data: { factoryId: nbo.id, prefix: 'CAM', firstNumber: 12345, count: 1, width: 5 },
  });
  expect(batch.status(), await batch.text()).toBe(201);
  const [other] = await createStoveIds(page, nbo.id, 1);
  const transfer = await sendTransfer(page, { fromFactoryId: nbo.id, toFactoryId: msa.id, codes: [CODE, other!] });

  const gate = await signInNewFactoryManager(page, browser, msa.id);
  await gate.setViewportSize(PHONE.viewport);
  await gate.goto(`/stove-id/transfer-confirmations/${transfer.id}/receive`);
  await gate.getByRole('button', { name: 'Scan with camera' }).click();
  await expect(gate.getByText('1 of 2 arrived')).toBeVisible();
  await expect(gate.getByRole('list', { name: 'Arrived' }).getByRole('listitem')).toHaveText([CODE]);
  await expect(gate.getByRole('button', { name: 'Confirm the 1 that arrived' })).toBeEnabled();
});
