/** Saves text as a JSON file through the browser's download (works offline: nothing leaves the device). */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click's download started; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
