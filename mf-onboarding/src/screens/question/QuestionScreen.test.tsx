/** The questionnaire is read in the app's language or in the content language chosen on the screen (Spanish too); the app's language stays. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { registerResources, startI18n, useRequest, useSession } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import QuestionScreen from './QuestionScreen';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), useRequest: jest.fn() }));
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;
startI18n();
registerResources('onboarding', { en, ur });

const TEXTS: Record<string, { title: string; yes: string; no: string }> = {
  en: { title: 'Have you defaulted on a loan in the last 6 months?', yes: 'Yes', no: 'No' },
  es: { title: '¿Ha incumplido un préstamo en los últimos 6 meses?', yes: 'Sí', no: 'No' },
  ur: { title: 'کیا آپ نے پچھلے 6 ماہ میں کسی قرض کی ادائیگی میں ناکامی کی؟', yes: 'ہاں', no: 'نہیں' },
};
// the server's answer in the language asked for
const serve = () =>
  mockedRequest.mockImplementation(((_e: unknown, params: { lang: string }) => {
    const x = TEXTS[params.lang];
    return {
      data: {
        lang: params.lang,
        answers: null,
        questions: [
          {
            question: 1,
            title: x.title,
            options: [
              { value: 'yes', label: x.yes },
              { value: 'no', label: x.no },
            ],
          },
        ],
      },
      loading: false,
      reload: jest.fn(),
    };
  }) as never);

beforeEach(() => {
  localStorage.clear();
  mockedRequest.mockReset();
  serve();
});

describe('questionnaire content language', () => {
  it('asks in the app language first, then in Spanish when chosen: titles and options, laid out left-to-right', () => {
    act(() => useSession.setState({ language: 'en' }));
    render(<QuestionScreen />);
    expect(screen.getByRole('group', { name: `1. ${TEXTS.en.title}` })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(mockedRequest).toHaveBeenLastCalledWith(expect.anything(), { lang: 'es' });
    const q = screen.getByRole('group', { name: `1. ${TEXTS.es.title}` });
    expect(screen.getByRole('radio', { name: 'Sí' })).toBeInTheDocument();
    expect(q.closest('section')).toHaveAttribute('lang', 'es');
    expect(q.closest('section')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    // the interface stays English
    expect(screen.getByRole('button', { name: en.form.next })).toBeInTheDocument();
  });

  it('in the Urdu app: Urdu content right-to-left by default, Spanish on choice, the interface still Urdu', () => {
    act(() => useSession.setState({ language: 'ur' }));
    render(<QuestionScreen />);
    expect(mockedRequest).toHaveBeenLastCalledWith(expect.anything(), { lang: 'ur' });
    expect(screen.getByRole('radio', { name: 'ہاں' }).closest('section')).toHaveAttribute('dir', 'rtl');
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByRole('radio', { name: 'Sí' }).closest('section')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('group', { name: 'پڑھنے کی زبان' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ur.form.next })).toBeInTheDocument();
  });
});
