/**
 * auth/id_card_authentication: agreement first, then CNIC front, back and a face photo
 * taken with the camera, compressed and uploaded with progress; each side is read (OCR)
 * once uploaded and the reading shown for the borrower to confirm before the step is
 * finished; the server checks the selfie for one clear face. Messages the server also
 * sends come from the error catalogue by code.
 */
import { Fragment, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorCode, call, endpoints, errorMessage, errorMessageOf, go, toast, useRequest } from 'shared';
import { Button, Checkbox, ErrorState, Page, Skeleton } from 'shared/ui';
import type { CurpOcrResponse, ProfileResponse } from 'shared';
import { goToNextStep } from '../../features/nextStep';
import { useUploadGate } from '../../features/useUploadGate';
import { readDraft, useUserId, writeDraft } from '../../features/useDraft';
import { useBorrowerId } from '../../features/borrower';
import { OcrCard, ocrProblem } from './OcrCard';
import { PhotoTile } from './PhotoTile';
import { usePhotoUpload, type PhotoKind } from './usePhotoUpload';
import '../../onboarding.css';
import { stepBack } from '../../features/stepBack';

/** reads of the side at fault before the borrower may send the card for a check by hand */
const READS_BEFORE_CHECK_BY_HAND = 2;

type Profile = z.infer<typeof ProfileResponse>;
type Ocr = z.infer<typeof CurpOcrResponse>;

export default function IdCardScreen() {
  const { t } = useTranslation('onboarding');
  const profile = useRequest(endpoints.userProfile, {});
  const { waiting } = useBorrowerId();
  if (profile.error)
    return (
      <Page title={t('idcard.title')} back={stepBack('idCardAuthentication')}>
        <ErrorState error={profile.error} onRetry={profile.reload} />
      </Page>
    );
  if (!profile.data || waiting)
    return (
      <Page title={t('idcard.title')} back={stepBack('idCardAuthentication')}>
        <Skeleton lines={6} height={60} />
      </Page>
    );
  return <IdCardSteps profile={profile.data} />;
}

function IdCardSteps({ profile }: { profile: Profile }) {
  const { t } = useTranslation('onboarding');
  const { i18n } = useTranslation('common');
  const say = (code: number) => errorMessage(code, i18n.language);
  const gate = useUploadGate();
  const userId = useUserId();
  const has = (...kinds: string[]) => profile.documents.some((d) => kinds.includes(d.kind));
  const [agree, setAgreeState] = useState(() => readDraft<boolean>('idcardAgree', userId) === true);
  const [agreeError, setAgreeError] = useState<string | null>(null);
  const [ocr, setOcr] = useState<Ocr | null>(profile.ocr);
  const [reading, setReading] = useState(false);
  const [ocrError, setOcrError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  // a card that cannot be read (or read right) after retries is sent for a check by hand: never a hard gate
  const [reads, setReads] = useState({ front: profile.ocr?.sides.front ? 1 : 0, back: profile.ocr?.sides.back ? 1 : 0 });
  const [byHand, setByHand] = useState(false);
  const problem = ocrError ? 'failed' : ocr ? ocrProblem(ocr) : null;

  // a side that cannot be read keeps the other side's reading; its photo stays for a retake of that side only
  const [lastSide, setLastSide] = useState<'front' | 'back'>('front');
  const read = useCallback(async (side: 'front' | 'back') => {
    setLastSide(side);
    setReads((n) => ({ ...n, [side]: n[side] + 1 }));
    setByHand(false);
    setReading(true);
    setOcrError(null);
    setConfirmed(false);
    try {
      setOcr(await call(endpoints.curpOcr, { side }, { overlay: false }));
    } catch (e) {
      setOcrError(errorMessageOf(e));
    } finally {
      setReading(false);
    }
  }, []);
  // the side to read again: the one that failed, the back for its address, else the front
  const faultySide =
    ocrError || !ocr ? lastSide : ocr.missing.some((m) => m.field === 'address') && !ocr.missing.some((m) => m.field !== 'address') ? 'back' : 'front';
  const canGoByHand = problem !== null && problem !== 'back' && reads[faultySide] >= READS_BEFORE_CHECK_BY_HAND;
  const readFront = useCallback(() => read('front'), [read]);
  const readBack = useCallback(() => read('back'), [read]);

  const front = usePhotoUpload('front', has('idFront', 'curpFront'), readFront);
  const back = usePhotoUpload('back', has('idBack', 'curpBack'), readBack);
  const face = usePhotoUpload('face', has('face'));
  const photos = { front, back, face };

  const setAgree = (v: boolean) => {
    setAgreeState(v);
    setAgreeError(null);
    writeDraft('idcardAgree', userId, v);
  };
  const needAgreement = () => {
    setAgreeError(t('idcard.agreeFirst'));
    toast(t('idcard.agreeFirst'), 'error');
  };
  const canTake = (kind: PhotoKind) => () => {
    if (!agree) {
      needAgreement();
      return false;
    }
    if (kind === 'back' && front.state.status !== 'done') {
      toast(t('idcard.frontFirst'), 'error');
      return false;
    }
    if (kind === 'face' && back.state.status !== 'done') {
      toast(say(ErrorCode.idBackFirst), 'error');
      return false;
    }
    return true;
  };

  const finish = async () => {
    if (!agree) return needAgreement();
    if (front.state.status !== 'done') return toast(say(ErrorCode.idFrontMissing), 'error');
    if (back.state.status !== 'done') return toast(say(ErrorCode.idBackFirst), 'error');
    if (face.state.status !== 'done') return toast(say(ErrorCode.faceMissing), 'error');
    if (!byHand) {
      if (ocrError) return toast(ocrError, 'error');
      if (!ocr) return toast(say(ErrorCode.ocrFailed), 'error');
      if (problem === 'back') return toast(say(ErrorCode.idBackFirst), 'error');
      if (problem) return toast(problem === 'incomplete' ? t('idcard.verifyFailed') : t('idcard.identityError'), 'error');
      if (!confirmed) return toast(t('idcard.confirmFirst'), 'error');
    }
    setBusy(true);
    try {
      if (!(await gate('idCardAuthentication'))) return;
      await call(endpoints.finishUploadAllImg, { agree: true, ...(byHand ? { checkByHand: true } : {}) });
      writeDraft('idcardAgree', userId, null);
      await goToNextStep('idCardAuthentication');
    } catch (e) {
      toast(errorMessageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('idcard.title')}
      back={stepBack('idCardAuthentication')}
      footer={
        <Button block onClick={finish} busy={busy}>
          {t('form.next')}
        </Button>
      }
    >
      <p className="ob-muted">{t('idcard.intro')}</p>
      <button
        type="button"
        className="link-button"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => go('devicePermissions', { next: 'idCardAuthentication' })}
      >
        {t('permissions.link')}
      </button>
      <section className="card">
        <Checkbox label={t('idcard.agreement')} checked={agree} onChange={(e) => setAgree(e.target.checked)} error={agreeError ?? undefined} />
      </section>
      {(['front', 'back', 'face'] as const).map((kind) => (
        <Fragment key={kind}>
          <PhotoTile
            kind={kind}
            state={photos[kind].state}
            canTake={canTake(kind)}
            onFile={(f) => void photos[kind].take(f)}
            onRetry={() => void photos[kind].retry()}
          />
          {kind === 'back' && front.state.status === 'done' ? (
            <>
              <OcrCard ocr={ocr} reading={reading} error={ocrError} confirmed={confirmed} onConfirm={setConfirmed} onRetry={() => void read(faultySide)} />
              {problem === 'mismatch' ? (
                <Button variant="secondary" onClick={() => go('personalInfomation')}>
                  {t('idcard.correctId')}
                </Button>
              ) : null}
              {canGoByHand && !reading ? (
                <section className="card ob-section" data-testid="check-by-hand">
                  <p className="ob-muted">{t('idcard.byHandIntro')}</p>
                  <Checkbox label={t('idcard.byHand')} checked={byHand} onChange={(e) => setByHand(e.target.checked)} />
                </section>
              ) : null}
            </>
          ) : null}
        </Fragment>
      ))}
    </Page>
  );
}
