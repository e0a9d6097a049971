/** Strings of the test-borrower fixtures on a standalone page (QA builds only: imported by QaFixtures.tsx alone), namespace 'qaFixtures'. */
const en = {
  title: 'Test borrowers',
  intro: 'A new test borrower, already in the state you pick, signed in at once.',
  making: 'Preparing the test borrower…',
  failed: 'The test borrower could not be prepared: {{reason}}',
  states: {
    onboarded: 'Onboarded, no loan yet',
    awaitingConfirmation: 'Approved, waiting for confirmation',
    rejected: 'Application rejected',
    payoutFailed: 'Payout failed',
    repaying30Days: 'Loan disbursed 30 days ago',
    overdue: 'Loan overdue',
  },
};

const ur: typeof en = {
  title: 'آزمائشی صارفین',
  intro: 'ایک نیا آزمائشی صارف، پہلے سے آپ کی چنی ہوئی حالت میں، فوراً سائن اِن۔',
  making: 'آزمائشی صارف تیار ہو رہا ہے…',
  failed: 'آزمائشی صارف تیار نہیں ہو سکا: {{reason}}',
  states: {
    onboarded: 'پروفائل مکمل، ابھی کوئی قرض نہیں',
    awaitingConfirmation: 'منظور شدہ، تصدیق کا منتظر',
    rejected: 'درخواست مسترد',
    payoutFailed: 'رقم کی ادائیگی ناکام',
    repaying30Days: 'قرض 30 دن پہلے جاری ہوا',
    overdue: 'قرض کی ادائیگی میں تاخیر',
  },
};

export const qaFixtureStrings = { en, ur };
