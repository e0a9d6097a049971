/** A photo slot: camera capture, preview, progress bar, retry without re-taking, retake. */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared/ui';
import type { PhotoKind, PhotoState } from './usePhotoUpload';

interface Props {
  kind: PhotoKind;
  state: PhotoState;
  /** returns false when the photo may not be taken yet (agreement, order of sides) */
  canTake(): boolean;
  onFile(file: File): void;
  onRetry(): void;
}

export function PhotoTile({ kind, state, canTake, onFile, onRetry }: Props) {
  const { t } = useTranslation('onboarding');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const open = () => {
    if (canTake()) input.current?.click();
  };
  const busy = state.status === 'compressing' || state.status === 'uploading' || state.status === 'waiting';
  return (
    <section className="card ob-photo" aria-labelledby={`${id}-t`} data-testid={`photo-${kind}`}>
      <h2 id={`${id}-t`}>{t(`idcard.${kind}`)}</h2>
      <p className="ob-muted">{t(`idcard.${kind}Tip`)}</p>
      <div className={`ob-photo__frame ${kind === 'face' ? 'ob-photo__frame--face' : ''}`}>
        {state.preview ? (
          <img src={state.preview} alt={t(`idcard.${kind}`)} />
        ) : (
          <span className="ob-muted">{state.status === 'done' ? t('idcard.uploaded') : t('idcard.noPhoto')}</span>
        )}
      </div>
      {busy || state.status === 'done' ? (
        <div>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('idcard.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress * 100)}
          >
            <span style={{ inlineSize: `${Math.round(state.progress * 100)}%` }} />
          </div>
          <p className="ob-muted" aria-live="polite">
            {state.status === 'compressing'
              ? t('idcard.compressing')
              : state.status === 'waiting'
                ? t('idcard.busyRetry', { n: state.attempt + 1 })
                : state.status === 'uploading'
                  ? t(state.attempt > 1 ? 'idcard.uploadingAgain' : 'idcard.uploading', { p: Math.round(state.progress * 100), n: state.attempt })
                  : t('idcard.uploaded')}
          </p>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <p className="field__error" role="alert">
          {state.error ?? t('idcard.uploadFailed')}
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        capture={kind === 'face' ? 'user' : 'environment'}
        hidden
        data-testid={`file-${kind}`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = ''; // the same photo may be chosen again after a retake
          if (f) onFile(f);
        }}
      />
      <div className="ob-photo__actions">
        {state.status === 'failed' ? <Button onClick={onRetry}>{t('idcard.retryUpload')}</Button> : null}
        <Button variant={state.status === 'empty' ? 'primary' : 'secondary'} onClick={open} disabled={busy}>
          {state.status === 'empty' ? t('idcard.take') : t('idcard.retake')}
        </Button>
      </div>
    </section>
  );
}
