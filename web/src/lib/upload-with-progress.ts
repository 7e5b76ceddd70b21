import { ApiError, type HttpMethod } from './api-client';

export interface UploadOptions {
  method: Extract<HttpMethod, 'POST' | 'PUT'>;
  url: string;
  body: FormData;
  /** Called with 0-100 as the request body goes out. */
  onProgress?: (percent: number) => void;
}

/** Percent of the body sent, or null when the browser cannot tell the total. */
export function uploadPercent(loaded: number, total: number, lengthComputable = true): number | null {
  if (!lengthComputable || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * Multipart upload that reports progress. fetch cannot observe the request body going out, so this uses
 * XMLHttpRequest, with cookies (withCredentials) like every other call. Failures are reported the same way
 * as api-client's: an ApiError whose message is "<status>: <body text or status text>".
 * Resolves with the response body text.
 */
export function uploadWithProgress({ method, url, body, onProgress }: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      const percent = uploadPercent(event.loaded, event.total, event.lengthComputable);
      if (percent !== null) onProgress?.(percent);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(xhr.responseText);
      } else {
        reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error('Network error: the upload could not be completed'));
    xhr.ontimeout = () => reject(new Error('Network error: the upload timed out'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));

    xhr.send(body);
  });
}
