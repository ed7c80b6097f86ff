import { useCallback, useState } from 'react';
import { fetchFile } from './admin-api';

/**
 * Saves a blob under a name. Secured files (exports, invoices) need the Authorization header, which a plain link
 * cannot send: they are fetched with the API client and handed to the browser through an object URL.
 */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it by now; some need the URL for a moment after the click.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await fetchFile(url);
  saveBlob(blob, filename ?? fallbackName);
}

/** A download at a time, with the key of the one under way and the error of the last one. */
export function useDownload() {
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<unknown>();
  const download = useCallback(async (key: string, url: string, fallbackName: string) => {
    setPending(key);
    setError(undefined);
    try {
      await downloadFile(url, fallbackName);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setPending(undefined);
    }
  }, []);
  return { download, pending, error };
}
