/**
 * One photo's life: taken -> compressed -> uploaded with progress. The compressed photo
 * and its preview are kept, so a failed upload is retried without taking the photo again,
 * and a photo the server refuses (no face, unreadable) stays on screen until it is retaken.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, compressImage, endpoints, errorMessageOf } from 'shared';

export type PhotoKind = 'front' | 'back' | 'face';
export type PhotoStatus = 'empty' | 'compressing' | 'uploading' | 'failed' | 'done';

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
}

export function usePhotoUpload(kind: PhotoKind, uploadedBefore: boolean, onUploaded?: () => void) {
  const [state, setState] = useState<PhotoState>({ status: uploadedBefore ? 'done' : 'empty', progress: uploadedBefore ? 1 : 0, preview: null, error: null });
  const blob = useRef<Blob | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(
    () => () => {
      if (state.preview) URL.revokeObjectURL(state.preview);
    },
    [state.preview],
  );

  const upload = useCallback(async () => {
    const photo = blob.current;
    if (!photo) return;
    setState((s) => ({ ...s, status: 'uploading', progress: 0, error: null }));
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
    } catch (e) {
      setState((s) => ({ ...s, status: 'failed', error: errorMessageOf(e) }));
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
