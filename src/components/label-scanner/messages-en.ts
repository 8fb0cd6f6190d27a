import type { FeatureMessageKey } from './messages';

/** English strings of the label scanner; the compiler checks none is missing. */
export const enMessages: Record<FeatureMessageKey, string> = {
  'labelScanner.title': 'Scan the label',
  'labelScanner.hint': 'Point the camera at the QR code or barcode on the device label.',
  'labelScanner.starting': 'Starting the camera…',
  'labelScanner.scanning': 'Looking for a code…',
  'labelScanner.found.serialNumber': 'Serial number: {value}',
  'labelScanner.found.mac': 'MAC address: {value}',
  'labelScanner.missing.serialNumber': 'Serial number not found yet',
  'labelScanner.missing.mac': 'MAC address not found yet',
  'labelScanner.use': 'Use',
  'labelScanner.cancel': 'Cancel',
  'labelScanner.photo': 'Take a photo of the label',
  'labelScanner.photo.nothing': 'No code with a serial number or MAC address in the photo',
  'labelScanner.error.denied': 'No access to the camera. Allow it in the browser settings or take a photo of the label.',
  'labelScanner.error.noCamera': 'No camera found. Take a photo of the label or type the data.',
  'labelScanner.error.insecure': 'The camera works over HTTPS only. Take a photo of the label or type the data.',
  'labelScanner.error.other': 'The camera did not start: {error}',
  'labelScanner.error.detector': 'Code recognition did not start: {error}',
  'labelScanner.video': 'Camera picture',
};
