/** Hands a downloaded file to the browser, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns: release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
