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

/** Saves `text` as a file named `fileName`. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(url, fileName);
  URL.revokeObjectURL(url);
}
