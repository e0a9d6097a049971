import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { DeclaredData } from '../../api/types';
import { i18n, setLang, startI18n } from '../../shell/i18n';
import { DeclaredFacts } from './DeclaredFacts';

const declared: DeclaredData = {
  mobile: '0300****567',
  name: 'Ayesha Khan',
  nationalId: '35202-*******-1',
  age: 30,
  gender: '2',
  education: 'bachelors',
  maritalStatus: 'married',
  loanPurpose: 'health',
  residenceType: 'ownHouse',
  city: 'Lahore',
  state: null,
  previouslyBorrowed: { answer: 'no', amount: null },
  work: {
    employmentType: 'self_employed',
    industry: 'retail',
    designation: 'shopkeeper',
    experience: 'moreThan3Years',
    monthlySalary: '30000-49999',
    payFrequency: 'Monthly',
    incomeSource: 'ownself',
  },
  emergencyContacts: [{ name: 'Bilal', relation: 'siblings', mobile: '0301****222' }],
  idReadConfidence: null,
};

const facts = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <DeclaredFacts data={declared} />
    </I18nextProvider>,
  ).container;

beforeAll(() => startI18n());

test('what a borrower chose is shown in the words the borrower saw, never the wire codes', async () => {
  await setLang('en');
  const box = facts();
  for (const word of [
    'Female',
    'Bachelors',
    'Married',
    'Health',
    'Own house',
    'Self-employed',
    'Retail',
    'Shopkeeper',
    'More than 3 years',
    'Rs 30,000 to 49,999',
    'Monthly',
    'Myself',
    'Siblings',
    'No',
  ])
    expect(box).toHaveTextContent(word);
  for (const code of ['bachelors', 'ownHouse', 'self_employed', 'moreThan3Years', '30000-49999', 'ownself'])
    expect(box).not.toHaveTextContent(new RegExp(`\\b${code}\\b`));
  expect(screen.getByText('Lahore')).toBeInTheDocument();
});

test('in Urdu too', async () => {
  await setLang('ur');
  const box = facts();
  expect(box).toHaveTextContent('بیچلرز');
  expect(box).not.toHaveTextContent('bachelors');
});
