import { useId, useState } from 'react';
import { CaretIcon } from '../../features/icons';

export interface FaqProblem {
  subtitle: string;
  content: string;
  open: boolean;
}
export interface FaqSectionData {
  title: string;
  open: boolean;
  problems: FaqProblem[];
}

/** One question: the answer shows and hides under its button (server text, never HTML). */
function Problem({ problem }: { problem: FaqProblem }) {
  const [open, setOpen] = useState(problem.open);
  const id = useId();
  return (
    <li>
      <button type="button" className="uc-faq__q" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span className="uc-faq__title">{problem.subtitle}</span>
        <CaretIcon />
      </button>
      <p className="uc-faq__a" id={id} hidden={!open}>
        {problem.content}
      </p>
    </li>
  );
}

/** A section of the FAQ, open or closed as the server says to begin with. */
export function FaqSection({ section }: { section: FaqSectionData }) {
  const [open, setOpen] = useState(section.open);
  const id = useId();
  return (
    <section className="uc-faq__section" data-testid="faq-section">
      <h2 style={{ margin: 0, fontSize: 'inherit' }}>
        <button type="button" className="uc-faq__head" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span className="uc-faq__title">{section.title}</span>
          <CaretIcon />
        </button>
      </h2>
      <ul className="uc-faq__list" id={id} hidden={!open}>
        {section.problems.map((p, i) => (
          <Problem key={i} problem={p} />
        ))}
      </ul>
    </section>
  );
}
