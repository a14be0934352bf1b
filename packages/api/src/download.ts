/**
 * File downloads of the back office (CSV reports): the answer is read as a Blob and handed to
 * the browser as a file named by the server's Content-Disposition.
 */

/**
 * The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred over
 * `filename="…"`), or undefined.
 */
export const fileNameFromContentDisposition = (
  header: string | null | undefined,
): string | undefined => {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = extended.replace(/^"(.*)"$/, '$1').replace(/^[\w-]+'[^']*'/, '');
    try {
      const decoded = decodeURIComponent(encoded);
      if (decoded) return decoded;
    } catch {
      // A malformed extended value: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.replace(/\\(.)/g, '$1').trim();
  return name ? name : undefined;
};

/**
 * Saves a Blob as a file: an object URL on a temporary anchor with `download`, clicked. The URL
 * is revoked once the browser has taken the file.
 */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
};

/**
 * Reads a successful answer as a Blob; an error answer as JSON (the server's problem) or
 * text, so errors stay readable and serializable.
 */
export const blobResponseHandler = async (response: Response): Promise<unknown> => {
  if (response.ok) return response.blob();
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** What a download mutation answers (the Blob itself is saved, not kept in the store). */
export interface DownloadedFile {
  fileName: string;
  size: number;
}
