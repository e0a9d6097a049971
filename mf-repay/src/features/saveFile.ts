/**
 * Saves a text file the app made. The wrapper's bridge (docs/native-bridge.md, version 1) has no file
 * action: in the app the system share sheet takes the file where the web view offers one (Web Share with
 * files), else, as in a browser, a download of a Blob URL (the web view's download handling).
 */
import { bridge } from 'shared';

export type Saved = 'shared' | 'downloaded' | 'cancelled';

export async function saveTextFile(name: string, text: string, type: string): Promise<Saved> {
  // a byte order mark: spreadsheet programs then read the Urdu as UTF-8
  const blob = new Blob(['\ufeff', text], { type: `${type};charset=utf-8` });
  if (bridge.inApp && typeof File === 'function') {
    const file = new File([blob], name, { type: blob.type });
    if (navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: name });
        return 'shared';
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
        // not allowed here after all: download it instead
      }
    }
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
