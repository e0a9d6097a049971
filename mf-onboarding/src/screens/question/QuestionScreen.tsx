/**
 * auth/loan_question: the 11 credit-history questions (titles and options from the
 * server), read in the app's language or in another content language the borrower
 * chooses (Spanish too, decisions.md), answers kept as a draft, all required before saving.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints, errorMessageOf, toast, uiLanguage, useRequest, useSession } from 'shared';
import { Button, ContentLanguageChoice, EmptyState, ErrorState, Page, RadioGroup, Skeleton, contentDir, type ContentLanguage } from 'shared/ui';
import { SaveQuestionnaireRequest } from 'shared/schemas';
import { goToNextStep } from '../../features/nextStep';
import { useUploadGate } from '../../features/useUploadGate';
import { readDraft, writeDraft } from '../../features/useDraft';
import { useBorrowerId } from '../../features/borrower';
import { questionnaireProblem } from '../../features/questionnaire';
import '../../onboarding.css';
import { stepBack } from '../../features/stepBack';

type Answers = Record<number, string>;

export default function QuestionScreen() {
  const { t } = useTranslation('onboarding');
  const appLang = useSession((s) => uiLanguage(s.language)); // the texts follow a change of the app's language
  const [chosen, setChosen] = useState<ContentLanguage | null>(null);
  const lang = chosen ?? appLang;
  const q = useRequest(endpoints.questionnaire, { lang });
  const { userId, waiting } = useBorrowerId();
  const gate = useUploadGate();
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  // the draft, once the borrower is known (the screen waits for that before it takes a tap)
  useEffect(() => {
    const draft = readDraft<Answers>('questionnaire', userId) as Answers | null;
    if (draft) setAnswers((cur) => ({ ...cur, ...draft }));
  }, [userId]);

  // saved answers from the server fill what the draft does not have
  useEffect(() => {
    if (!q.data?.answers) return;
    setAnswers((cur) => ({ ...Object.fromEntries(q.data!.answers!.map((a) => [a.question, a.answer])), ...cur }));
  }, [q.data]);

  const answer = (question: number, value: string) => {
    const next = { ...answers, [question]: value };
    setAnswers(next);
    setMissing((m) => m.filter((n) => n !== question));
    writeDraft('questionnaire', userId, next);
  };

  const submit = async () => {
    if (!q.data) return;
    const numbers = q.data.questions.map((x) => x.question);
    const problem = questionnaireProblem(numbers, answers);
    if (problem) {
      setMissing(problem.unanswered);
      toast(t(`question.${problem.kind}`), 'error');
      document.getElementById(`question-${problem.unanswered[0]}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    const body = { answers: numbers.map((n) => ({ question: n, answer: answers[n] })) };
    const parsed = SaveQuestionnaireRequest.safeParse(body);
    if (!parsed.success) {
      toast(t('question.incomplete'), 'error');
      return;
    }
    setBusy(true);
    try {
      if (!(await gate('loanQuestion'))) return;
      await call(endpoints.saveQuestionnaire, parsed.data);
      writeDraft('questionnaire', userId, null);
      await goToNextStep('loanQuestion');
    } catch (e) {
      toast(errorMessageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  let body;
  if ((q.loading && !q.data) || waiting) body = <Skeleton lines={10} height={36} />;
  else if (q.error) body = <ErrorState error={q.error} onRetry={q.reload} />;
  else if (!q.data || q.data.questions.length === 0) body = <EmptyState />;
  else {
    const done = q.data.questions.filter((x) => answers[x.question]).length;
    body = (
      <>
        <p className="ob-muted">{t('question.intro')}</p>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('question.progress')}
          aria-valuemin={0}
          aria-valuemax={q.data.questions.length}
          aria-valuenow={done}
        >
          <span style={{ inlineSize: `${(done / q.data.questions.length) * 100}%` }} />
        </div>
        <p className="ob-muted">{t('question.answered', { done, total: q.data.questions.length })}</p>
        {q.data.questions.map((x) => (
          // the content may be in another language than the app (Spanish inside the Urdu UI)
          <section key={x.question} id={`question-${x.question}`} className="card ob-question" lang={q.data!.lang} dir={contentDir(q.data!.lang)}>
            <RadioGroup
              label={`${x.question}. ${x.title}`}
              name={`q${x.question}`}
              options={x.options}
              value={answers[x.question]}
              onChange={(v) => answer(x.question, v)}
              error={missing.includes(x.question) ? t('question.answerFirst') : undefined}
            />
          </section>
        ))}
      </>
    );
  }
  return (
    <Page
      title={t('question.title')}
      back={stepBack('loanQuestion')}
      footer={
        q.data ? (
          <Button block onClick={submit} busy={busy}>
            {t('form.next')}
          </Button>
        ) : undefined
      }
    >
      <ContentLanguageChoice value={lang} onChange={setChosen} />
      {body}
    </Page>
  );
}
