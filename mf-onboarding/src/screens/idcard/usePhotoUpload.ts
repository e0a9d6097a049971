/**
 * One photo's life: taken -> compressed -> uploaded with progress. The compressed photo
 * and its preview are kept, so a failed upload is retried without taking the photo again,
 * and a photo the server refuses (no face, unreadable) stays on screen until it is retaken.
 * A 'busy' answer (the server's checkers all taken) is not the photo's fault: the same photo
 * is sent again by itself after the wait the server gives ('waiting'), up to MAX_BUSY_RETRIES.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, call, endpoints, ErrorCode, errorMessageOf } from 'shared';
import { compressImage } from 'shared/ui';

export type PhotoKind = 'front' | 'back' | 'face';
export type PhotoStatus = 'empty' | 'compressing' | 'uploading' | 'waiting' | 'failed' | 'done';

/** busy answers sent again by themselves, at the server's retryAfterMs (3 s: about a minute), before the borrower is asked to retry */
export const MAX_BUSY_RETRIES = 20;
/** the wait a busy answer asks for, or null when the error is not 'busy' */
export function busyRetryAfter(e: unknown): number | null {
  if (!(e instanceof ApiError) || e.code !== ErrorCode.faceBusy) return null;
  const ms = Number((e.data as { retryAfterMs?: unknown } | null)?.retryAfterMs);
  return Number.isFinite(ms) && ms > 0 ? ms : 1000;
}

// the CNIC goes through the CURP calls (decisions.md); the selfie is checked for one clear face on upload
const ENDPOINT = {
  front: endpoints.uploadCurpFront,
  back: endpoints.uploadCurpBack,
  face: endpoints.saveFaceImage,
} as const;

export interface PhotoState {
  status: PhotoStatus;
  progress: number;
  preview: string | null;
  error: string | null;
  /** the send this is (1 = first); above 1 after busy answers */
  attempt: number;
}

export function usePhotoUpload(kind: PhotoKind, uploadedBefore: boolean, onUploaded?: () => void) {
  const [state, setState] = useState<PhotoState>({
    status: uploadedBefore ? 'done' : 'empty',
    progress: uploadedBefore ? 1 : 0,
    preview: null,
    error: null,
    attempt: 1,
  });
  const blob = useRef<Blob | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(
    () => () => {
      if (state.preview) URL.revokeObjectURL(state.preview);
    },
    [state.preview],
  );

  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const upload = useCallback(async () => {
    const photo = blob.current;
    if (!photo) return;
    for (let attempt = 1; ; attempt++) {
      setState((s) => ({ ...s, status: 'uploading', progress: 0, error: null, attempt }));
      try {
        await call(
          ENDPOINT[kind],
          {},
          {
            overlay: false,
            file: photo,
            fileName: `${kind}.jpg`,
            onUploadProgress: (f) => setState((s) => ({ ...s, progress: Math.min(f, 0.99) })),
          },
        );
        setState((s) => ({ ...s, status: 'done', progress: 1 }));
        onUploadedRef.current?.();
        return;
      } catch (e) {
        const wait = busyRetryAfter(e);
        if (wait === null || attempt > MAX_BUSY_RETRIES) {
          setState((s) => ({ ...s, status: 'failed', error: errorMessageOf(e) }));
          return;
        }
        setState((s) => ({ ...s, status: 'waiting', progress: 1 }));
        await new Promise((r) => setTimeout(r, wait));
        // left the screen, or a retake took another photo (its own upload runs)
        if (!alive.current || blob.current !== photo) return;
      }
    }
  }, [kind]);

  const take = useCallback(
    async (file: File) => {
      setState((s) => ({ ...s, status: 'compressing', progress: 0, error: null }));
      const photo = await compressImage(file);
      blob.current = photo;
      setState((s) => ({ ...s, preview: URL.createObjectURL(photo) }));
      await upload();
    },
    [upload],
  );

  return { state, take, retry: upload, hasPhoto: () => blob.current !== null };
}
