import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessageOf } from 'shared';
import { Button, FieldError, compressImage } from 'shared/ui';

export interface PhotoPickerProps {
  orderNo: string;
  /** id of the uploaded photo (restored from the draft after a reload) */
  fileId?: number;
  fileName?: string;
  onUploaded(fileId: number | undefined, fileName?: string): void;
  error?: string;
}

type Phase = 'idle' | 'preparing' | 'uploading' | 'done' | 'error';

/** Choose a receipt photo, compress it, upload it with progress; a failed upload retries without re-taking the photo. */
export function PhotoPicker({ orderNo, fileId, fileName, onUploaded, error }: PhotoPickerProps) {
  const { t } = useTranslation('repay');
  const [phase, setPhase] = useState<Phase>(fileId ? 'done' : 'idle');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string>();
  const [preview, setPreview] = useState<string>();
  const blob = useRef<Blob | null>(null);
  const name = useRef<string>(fileName ?? 'receipt.jpg');

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function upload() {
    if (!blob.current) return;
    setPhase('uploading');
    setProgress(0);
    setFailure(undefined);
    try {
      const r = await call(endpoints.proofUpload, { orderNo }, { file: blob.current, fileName: name.current, overlay: false, onUploadProgress: setProgress });
      setPhase('done');
      onUploaded(r.fileId, name.current);
    } catch (e) {
      setPhase('error');
      setFailure(`${t('proof.uploadFailed')} ${errorMessageOf(e)}`);
    }
  }

  async function onChoose(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same photo can be chosen again
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setPhase('error');
      setFailure(t('proof.badType'));
      return;
    }
    onUploaded(undefined);
    setPhase('preparing');
    const small = await compressImage(file);
    if (small.type !== 'image/jpeg' && small.type !== 'image/png') {
      setPhase('error');
      setFailure(t('proof.badType'));
      return;
    }
    blob.current = small;
    name.current = small.type === 'image/png' ? 'receipt.png' : 'receipt.jpg';
    setPreview(URL.createObjectURL(small));
    await upload();
  }

  const shown = failure ?? error;
  return (
    <div className="field" data-testid="repay-proof-photo">
      <span className="field__label">{t('proof.photo')}</span>
      <div className="repay-photo">
        {preview ? <img src={preview} alt={t('proof.photo')} /> : null}
        <div className="repay-row__main" style={{ gap: 8, flex: 1 }}>
          {phase === 'preparing' ? <span role="status">{t('proof.preparing')}</span> : null}
          {phase === 'uploading' ? (
            <>
              <span role="status">{t('proof.uploading', { percent: Math.round(progress * 100) })}</span>
              <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
                <span style={{ inlineSize: `${Math.round(progress * 100)}%` }} />
              </div>
            </>
          ) : null}
          {phase === 'done' ? (
            <span className="repay-ok" data-testid="repay-proof-uploaded">
              ✓ {t('proof.uploaded')}
            </span>
          ) : null}
          <div className="repay-inline-actions">
            {phase === 'error' && blob.current ? (
              <Button variant="secondary" onClick={upload}>
                {t('proof.retryUpload')}
              </Button>
            ) : null}
            <label className="btn btn--secondary repay-file">
              {phase === 'done' ? t('proof.changePhoto') : t('proof.choosePhoto')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/*"
                onChange={onChoose}
                disabled={phase === 'preparing' || phase === 'uploading'}
                data-testid="repay-proof-file"
                aria-describedby={shown ? 'repay-photo-error' : undefined}
              />
            </label>
          </div>
        </div>
      </div>
      <FieldError id="repay-photo" error={shown} />
    </div>
  );
}
