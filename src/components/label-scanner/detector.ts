import type { BarcodeDetector as PonyfillDetector, BarcodeFormat } from 'barcode-detector/ponyfill';
// Served from our own build (and precached by the service worker): the library would fetch it from a CDN.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** Codes a device label may carry: a QR or Data Matrix code, or 1D barcodes. */
export const LABEL_FORMATS: BarcodeFormat[] = ['qr_code', 'data_matrix', 'code_128', 'code_39', 'ean_13'];

export type DetectorSource = HTMLVideoElement | HTMLCanvasElement | ImageBitmap | Blob;

export interface LabelDetector {
  /** 'native': the browser's BarcodeDetector; 'zxing': the WebAssembly ponyfill. */
  kind: 'native' | 'zxing';
  detect(source: DetectorSource): Promise<string[]>;
}

type DetectorClass = typeof PonyfillDetector;

async function nativeDetector(): Promise<DetectorClass | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    return supported.includes('qr_code') ? Native : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<DetectorClass> {
  const ponyfill = await import('barcode-detector/ponyfill');
  // Starts loading the wasm at once, while the camera starts; a failure surfaces here rather than on the first frame.
  await ponyfill.prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingWasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return ponyfill.BarcodeDetector;
}

/** The browser's BarcodeDetector where it reads QR codes, the ZXing ponyfill elsewhere. */
export async function createLabelDetector(options: { preferNative?: boolean } = {}): Promise<LabelDetector> {
  const Native = options.preferNative === false ? null : await nativeDetector();
  const Detector = Native ?? (await zxingDetector());
  const formats = Native ? (await Native.getSupportedFormats()).filter((format) => LABEL_FORMATS.includes(format)) : LABEL_FORMATS;
  const detector = new Detector({ formats });
  return {
    kind: Native ? 'native' : 'zxing',
    async detect(source) {
      const found = await detector.detect(source);
      return found.map((code) => code.rawValue).filter((text) => text !== '');
    },
  };
}

let shared: Promise<LabelDetector> | null = null;

/** One detector per page: the wasm is compiled once however often the scanner opens. */
export function getLabelDetector(): Promise<LabelDetector> {
  shared ??= createLabelDetector().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
