/**
 * Complaints (market profile, issue 29): a ticket with a category, a description and an optional photo
 * (taken with the camera: the gallery is never read), and the borrower's tickets with their number and
 * status. A ticket not resolved by its date names the regulator's complaint route (from the server).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessageOf, toast, useRequest } from 'shared';
import { Button, EmptyState, ErrorState, FieldError, Ltr, Page, SelectField, Skeleton, compressImage, useErrorText } from 'shared/ui';
import { COMPLAINT_CATEGORIES, COMPLAINT_TEXT_MAX, ComplaintInput, fieldErrors, type Complaint } from 'shared/schemas';
import '../../usercenter.css';

function Ticket({ c }: { c: Complaint }) {
  const { t } = useTranslation('usercenter');
  return (
    <li className="card uc-ticket" data-testid="complaint-ticket">
      <p className="uc-ticket__head">
        <Ltr>{c.ticketNo}</Ltr>
        <span className={c.status === 'resolved' ? 'badge' : 'badge badge--warn'}>{t(`complaints.status.${c.status}`)}</span>
      </p>
      <p className="uc-muted">
        {t(`complaints.category.${c.category}`)} · <Ltr>{c.createdAt.slice(0, 10)}</Ltr>
      </p>
      {/* the borrower's own words, in whichever script they typed: their direction, not the page's */}
      <p dir="auto">{c.text}</p>
      {c.reply ? (
        <div className="uc-reply" role="note" data-testid="complaint-reply">
          <p className="uc-muted">
            {t('complaints.reply')} · <Ltr>{c.reply.at.slice(0, 10)}</Ltr>
          </p>
          {/* as staff wrote it, in whichever script: its own direction */}
          <p dir="auto">{c.reply.text}</p>
        </div>
      ) : null}
      {c.status !== 'resolved' ? (
        <p className="uc-muted">
          {t('complaints.resolveBy')} <Ltr>{c.resolveBy.slice(0, 10)}</Ltr>
        </p>
      ) : null}
      {c.escalation ? (
        // the sentence above the address, each the box's full width (side by side, Urdu's longer words were squeezed to a column)
        <div className="uc-note uc-note--stack" role="note" data-testid="complaint-escalation">
          <p>{t('complaints.escalation', { name: c.escalation.name })}</p>
          <a href={c.escalation.url} target="_blank" rel="noreferrer" dir="ltr" className="uc-url">
            {c.escalation.url}
          </a>
        </div>
      ) : null}
    </li>
  );
}

export default function ComplaintsScreen() {
  const { t } = useTranslation('usercenter');
  const errorText = useErrorText();
  const list = useRequest(endpoints.complaintList, {});
  const [category, setCategory] = useState('');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<{ fileId: number; preview: string } | null>(null);
  /** a photo taken whose upload failed: kept, shown, sent again on "Try again" */
  const [unsent, setUnsent] = useState<{ file: Blob; preview: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onPhoto(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let small: Blob;
    try {
      small = await compressImage(file);
    } catch (err) {
      return toast(errorMessageOf(err), 'error');
    }
    await upload(small);
  }

  /** sends the photo; answers its file id, or null (it is then kept as unsent) */
  async function upload(small: Blob): Promise<number | null> {
    const preview = URL.createObjectURL(small);
    try {
      const r = await call(endpoints.complaintPhoto, {}, { file: small, fileName: small.type === 'image/png' ? 'complaint.png' : 'complaint.jpg' });
      setUnsent(null);
      setPhoto({ fileId: r.fileId, preview });
      return r.fileId;
    } catch (err) {
      setUnsent({ file: small, preview });
      toast(errorMessageOf(err), 'error');
      return null;
    }
  }

  async function submit() {
    // a photo taken but not sent goes first: the complaint never leaves without what the borrower attached
    const fileId = unsent ? await upload(unsent.file) : (photo?.fileId ?? null);
    if (unsent && fileId === null) return;
    const input = { category, text, ...(fileId !== null ? { fileId } : {}) };
    const parsed = ComplaintInput.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const r = await call(endpoints.createComplaint, parsed.data);
      toast(t('complaints.sent', { ticketNo: r.complaint.ticketNo }), 'success');
      setCategory('');
      setText('');
      setPhoto(null);
      list.reload();
    } catch (err) {
      toast(errorMessageOf(err), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('complaints.title')}>
      <section className="card uc-complaint-form" data-testid="complaint-form">
        <p className="uc-muted">{t('complaints.intro')}</p>
        <SelectField
          label={t('complaints.categoryLabel')}
          placeholder={t('complaints.choose')}
          options={COMPLAINT_CATEGORIES.map((c) => ({ value: c, label: t(`complaints.category.${c}`) }))}
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value)}
          error={errorText(errors.category)}
          data-testid="complaint-category"
        />
        <div className="field">
          <label className="field__label" htmlFor="complaint-text">
            {t('complaints.textLabel')}
          </label>
          <textarea
            id="complaint-text"
            dir="auto"
            className="field__control"
            rows={5}
            maxLength={COMPLAINT_TEXT_MAX}
            value={text}
            aria-invalid={errors.text ? true : undefined}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="complaint-text"
          />
          <FieldError id="complaint-text" error={errorText(errors.text)} />
        </div>
        <div className="field">
          <span className="field__label">{t('complaints.photo')}</span>
          {photo || unsent ? <img src={(photo ?? unsent)!.preview} alt={t('complaints.photo')} style={{ maxInlineSize: 120 }} /> : null}
          {unsent ? (
            <div className="uc-note uc-note--stack" role="alert" data-testid="complaint-photo-unsent">
              <p>{t('complaints.photoUnsent')}</p>
              <Button variant="ghost" onClick={() => void upload(unsent.file)} data-testid="complaint-photo-retry">
                {t('complaints.photoRetry')}
              </Button>
            </div>
          ) : null}
          <label className="btn btn--ghost">
            {photo || unsent ? t('complaints.retake') : t('complaints.takePhoto')}
            <input type="file" accept="image/jpeg,image/png" capture="environment" hidden onChange={(e) => void onPhoto(e)} data-testid="complaint-photo" />
          </label>
        </div>
        <Button block busy={busy} onClick={() => void submit()} data-testid="complaint-submit">
          {t('complaints.submit')}
        </Button>
      </section>
      <h2 className="uc-section-title">{t('complaints.mine')}</h2>
      {list.error ? (
        <ErrorState error={list.error} onRetry={list.reload} />
      ) : !list.data ? (
        <Skeleton lines={3} />
      ) : list.data.complaints.length === 0 ? (
        <EmptyState title={t('complaints.none')} />
      ) : (
        <ul className="list" data-testid="complaint-list">
          {list.data.complaints.map((c) => (
            <Ticket key={c.ticketNo} c={c} />
          ))}
        </ul>
      )}
    </Page>
  );
}
