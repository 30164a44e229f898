/**
 * The barcode reader of the camera scanner: the browser's own BarcodeDetector where it reads QR
 * codes, else the barcode-detector polyfill (ZXing in WebAssembly). The polyfill and its .wasm are
 * loaded only here, when a camera opens, and the .wasm comes from this app's server (it must work
 * offline), not from the polyfill's default CDN.
 */
import type { BarcodeDetector as PolyfillDetector, BarcodeFormat } from 'barcode-detector/ponyfill';

/** What our labels carry: QR codes, and Code 128 where a label prints the code as a barcode. */
const FORMATS: BarcodeFormat[] = ['qr_code', 'code_128'];

/** What the scanner needs of a detector: the raw values of the codes in a video frame. */
export interface CodeReader {
  read(video: HTMLVideoElement): Promise<string[]>;
  /** Which reader it is, for the tests' log: "native" or "polyfill". */
  kind: 'native' | 'polyfill';
}

type DetectorClass = typeof PolyfillDetector;

function nativeDetector(): DetectorClass | null {
  const found = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  return typeof found === 'function' ? found : null;
}

function readerOf(Detector: DetectorClass, formats: BarcodeFormat[], kind: CodeReader['kind']): CodeReader {
  const detector = new Detector({ formats });
  return {
    kind,
    read: async (video) => (await detector.detect(video)).map((code) => code.rawValue),
  };
}

async function polyfillReader(): Promise<CodeReader> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Fetch and compile the .wasm now, while the camera starts, rather than on the first frame.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return readerOf(BarcodeDetector, FORMATS, 'polyfill');
}

/** The browser's reader when it reads QR codes, else the polyfill's. */
export async function loadCodeReader(): Promise<CodeReader> {
  const Native = nativeDetector();
  if (Native) {
    try {
      const supported = await Native.getSupportedFormats();
      if (supported.includes('qr_code')) {
        return readerOf(
          Native,
          FORMATS.filter((f) => supported.includes(f)),
          'native',
        );
      }
    } catch {
      // A browser that lists the API but cannot read: the polyfill reads instead.
    }
  }
  return polyfillReader();
}
