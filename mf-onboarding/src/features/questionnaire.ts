/** The questionnaire's completeness rule: which of the spec's three messages applies. */
export interface QuestionnaireProblem {
  /** none answered: 'complete the questionnaire'; some: 'unanswered questions exist' */
  kind: 'incomplete' | 'unanswered';
  unanswered: number[];
}

export function questionnaireProblem(questions: number[], answers: Record<number, string | undefined>): QuestionnaireProblem | null {
  const unanswered = questions.filter((n) => !answers[n]);
  if (unanswered.length === 0) return null;
  return { kind: unanswered.length === questions.length ? 'incomplete' : 'unanswered', unanswered };
}
