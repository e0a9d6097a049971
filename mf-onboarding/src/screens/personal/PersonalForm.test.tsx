/** The personal-info form rules of spec sections 4 and 5, through the rendered form. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { call, registerResources, startI18n, useSession, useToasts, type UserInfo } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { PersonalForm } from './PersonalForm';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;
startI18n();
registerResources('onboarding', { en, ur });

const states = [
  { code: 'PB', name: 'Punjab', cities: ['Lahore', 'Multan'], labels: { name: 'پنجاب', cities: ['لاہور', 'ملتان'] } },
  { code: 'SD', name: 'Sindh', cities: ['Karachi'], labels: { name: 'سندھ', cities: ['کراچی'] } },
];
const p = en.personal;
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  // a known borrower: drafts are kept under their id (features/borrower.ts)
  useSession.setState({ userInfo: { userId: 7 } as UserInfo });
  mockedCall.mockReset();
});

describe('PersonalForm', () => {
  it('states and cities are read in the language of the labels, and the values sent are the canonical names', () => {
    render(<PersonalForm saved={{}} states={states} />);
    expect(screen.getByRole('option', { name: 'پنجاب' })).toHaveValue('Punjab');
    fireEvent.change(screen.getByLabelText(p.state), { target: { value: 'Punjab' } });
    expect(screen.getByRole('option', { name: 'لاہور' })).toHaveValue('Lahore');
  });
  it('shows National ID, education and marital status only after a birthday is chosen', () => {
    render(<PersonalForm saved={{}} states={states} />);
    expect(screen.queryByLabelText(p.nationalId)).toBeNull();
    expect(screen.queryByLabelText(p.education)).toBeNull();
    select(p.year, '1990');
    select(p.month, '3');
    select(p.day, '7');
    expect(screen.getByLabelText(p.nationalId)).toBeInTheDocument();
    expect(screen.getByLabelText(p.education)).toBeInTheDocument();
    expect(screen.getByLabelText(p.maritalStatus)).toBeInTheDocument();
  });

  it('keeps only 13 digits in the National ID', () => {
    render(<PersonalForm saved={{ inputBirthday: '1990-03-07' }} states={states} />);
    fireEvent.change(screen.getByLabelText(p.nationalId), { target: { value: '35202-1234567-12' } });
    expect(screen.getByLabelText(p.nationalId)).toHaveValue('3520212345671');
  });

  it('the address stops at 100 characters as typed (the input, not only the message)', () => {
    render(<PersonalForm saved={{}} states={states} />);
    expect(screen.getByLabelText(p.address)).toHaveAttribute('maxLength', '100');
  });

  it('changing the state clears the city', () => {
    render(<PersonalForm saved={{}} states={states} />);
    select(p.state, 'Punjab');
    select(p.city, 'Multan');
    expect(screen.getByLabelText(p.city)).toHaveValue('Multan');
    select(p.state, 'Sindh');
    expect(screen.getByLabelText(p.city)).toHaveValue('');
    // the form value is cleared, not just hidden by the new option list (the draft holds the form's values)
    const draft = JSON.parse(localStorage.getItem('onboarding:user:draft:personal:7') ?? '{}');
    expect(draft.state).toBe('Sindh');
    expect(draft.city).toBe('');
  });

  it("asks for the state first ('select state' toast) when the city is opened without one", () => {
    render(<PersonalForm saved={{}} states={states} />);
    fireEvent.mouseDown(screen.getByLabelText(p.city));
    expect(useToasts.getState().items.map((t) => t.text)).toContain('Please select state');
  });

  it("answering 'no' to previously borrowed hides and clears the amount", () => {
    render(<PersonalForm saved={{}} states={states} />);
    fireEvent.click(screen.getByLabelText(en.options.yesNo.yes));
    fireEvent.change(screen.getByLabelText(p.previouslyBorrowedAmount), { target: { value: '15000' } });
    fireEvent.click(screen.getByLabelText(en.options.yesNo.no));
    expect(screen.queryByLabelText(p.previouslyBorrowedAmount)).toBeNull();
    fireEvent.click(screen.getByLabelText(en.options.yesNo.yes));
    expect(screen.getByLabelText(p.previouslyBorrowedAmount)).toHaveValue('');
  });

  it('shows every required message next to its field, in English, and does not call the server', async () => {
    render(<PersonalForm saved={{}} states={states} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    for (const msg of [
      'Please input your first name',
      'Please input your last name',
      'Please select your gender',
      'Please select your birthday',
      'Please input your email',
      'Please select state',
      'Please select city',
    ]) {
      expect(screen.getAllByText(msg).length).toBeGreaterThan(0);
    }
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it("rejects a bad email with 'email verification failed' and names under 3 letters", async () => {
    render(<PersonalForm saved={{}} states={states} />);
    fireEvent.change(screen.getByLabelText(p.email), { target: { value: 'a b@x.pk' } });
    fireEvent.change(screen.getByLabelText(p.firstName), { target: { value: 'Al' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.getAllByText('Email verification failed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Please enter at least 3 letters').length).toBeGreaterThan(0);
  });

  it('keeps a draft of what was typed and restores it', () => {
    const { unmount } = render(<PersonalForm saved={{}} states={states} />);
    fireEvent.change(screen.getByLabelText(p.firstName), { target: { value: 'Ayesha' } });
    unmount();
    render(<PersonalForm saved={{ firstName: 'Server' }} states={states} />);
    expect(screen.getByLabelText(p.firstName)).toHaveValue('Ayesha');
  });

  it('shows the age worked out from the birthday, read-only', () => {
    jest.useFakeTimers({ now: new Date('2026-03-08T10:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      render(<PersonalForm saved={{}} states={states} />);
      expect(screen.queryByLabelText(p.age)).toBeNull();
      select(p.year, '1990');
      select(p.month, '3');
      select(p.day, '9');
      expect(screen.getByLabelText(p.age)).toHaveValue('35'); // the birthday is tomorrow
      expect(screen.getByLabelText(p.age)).toHaveAttribute('readonly');
    } finally {
      jest.useRealTimers();
    }
  });

  it('National ID takes digits only, at most 13: typing more does nothing, pasting with dashes keeps the digits', () => {
    render(<PersonalForm saved={{ inputBirthday: '1990-03-07' }} states={states} />);
    const id = screen.getByLabelText(p.nationalId);
    fireEvent.change(id, { target: { value: '3520212345671' } });
    fireEvent.change(id, { target: { value: '35202123456719' } });
    expect(id).toHaveValue('3520212345671');
    fireEvent.change(id, { target: { value: '' } });
    fireEvent.change(id, { target: { value: '35202-1234567-1' } });
    expect(id).toHaveValue('3520212345671');
    fireEvent.change(id, { target: { value: 'abc' } });
    expect(id).toHaveValue('');
  });

  it("National ID messages: the hint 'Enter 13 digits for CNIC/NICOP', empty 'Please input National ID', wrong length 'Please enter 13 digits'", async () => {
    render(<PersonalForm saved={{ inputBirthday: '1990-03-07' }} states={states} />);
    expect(screen.getByText('Enter 13 digits for CNIC/NICOP')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.getAllByText('Please input National ID').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(p.nationalId), { target: { value: '352021234567' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.getAllByText('Please enter 13 digits').length).toBeGreaterThan(0);
  });

  it('a National ID on file is never prefilled: the field is empty, the masked number is shown, empty is not an error', async () => {
    render(<PersonalForm saved={{ inputBirthday: '1990-03-07', nationalIdMasked: '*********5671' }} states={states} />);
    expect(screen.getByLabelText(p.nationalId)).toHaveValue('');
    expect(screen.getByText('Saved: *********5671. Leave empty to keep it, or enter all 13 digits to change it')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.queryByText('Please input National ID')).toBeNull();
    fireEvent.change(screen.getByLabelText(p.nationalId), { target: { value: '352021234567' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.getAllByText('Please enter 13 digits').length).toBeGreaterThan(0);
  });

  it('postal code keeps 5 digits; a shorter one, a missing ID card type, language and city of birth are named', async () => {
    render(<PersonalForm saved={{ inputBirthday: '1990-03-07' }} states={states} />);
    fireEvent.change(screen.getByLabelText(p.pinCode), { target: { value: '54-0001' } });
    expect(screen.getByLabelText(p.pinCode)).toHaveValue('54000');
    fireEvent.change(screen.getByLabelText(p.pinCode), { target: { value: '540' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    for (const msg of [
      'The postal code must be 5 digits',
      'Please select the ID card type',
      'Please select your language',
      'Please input your city of birth',
    ]) {
      expect(screen.getAllByText(msg).length).toBeGreaterThan(0);
    }
  });

  it('names: letters a-z only (a clear message for digits, accents, symbols), at least 3 letters not counting spaces', async () => {
    render(<PersonalForm saved={{}} states={states} />);
    fireEvent.change(screen.getByLabelText(p.firstName), { target: { value: 'Ali3' } });
    fireEvent.change(screen.getByLabelText(p.middleName), { target: { value: 'Zoë' } });
    fireEvent.change(screen.getByLabelText(p.lastName), { target: { value: 'A B' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    const letters = 'Please use only the letters a-z (no numbers, accents or symbols), at least 3 letters';
    expect(screen.getByLabelText(p.firstName)).toHaveAccessibleDescription(letters);
    expect(screen.getByLabelText(p.middleName)).toHaveAccessibleDescription(letters);
    expect(screen.getByLabelText(p.lastName)).toHaveAccessibleDescription('Please enter at least 3 letters');
  });

  it('a reopened form shows what was saved: ID card type, postal code, county, language, city of birth and the age', () => {
    jest.useFakeTimers({ now: new Date('2026-03-08T10:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      render(
        <PersonalForm
          saved={{
            inputBirthday: '1990-03-07',
            cardType: 'NICOP',
            pinCode: '54000',
            county: 'Model Town',
            language: 'punjabi',
            cityOfBirth: 'Multan',
            age: 36,
          }}
          states={states}
        />,
      );
      expect(screen.getByLabelText(p.cardType)).toHaveValue('NICOP');
      expect(screen.getByLabelText(p.pinCode)).toHaveValue('54000');
      expect(screen.getByLabelText(p.county)).toHaveValue('Model Town');
      expect(screen.getByLabelText(p.language)).toHaveValue('punjabi');
      expect(screen.getByLabelText(p.cityOfBirth)).toHaveValue('Multan');
      expect(screen.getByLabelText(p.age)).toHaveValue('36');
    } finally {
      jest.useRealTimers();
    }
  });
});
