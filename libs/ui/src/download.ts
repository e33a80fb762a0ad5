/**
 * Starts the browser's download of a same-origin `url` through a temporary link, without leaving
 * the page. An empty `fileName` keeps the name the server gives (Content-Disposition).
 */
export function downloadUrl(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves bytes the page holds as a file named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // the browser may still be reading the blob when click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves `text` as a file named `fileName`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
