/** Strings of a remote's standalone page (QA): its own sign-in, namespace 'qa' (the fixtures' are in fixtureStrings.ts). */
const en = {
  title: 'Sign in (QA)',
  intro: 'Sign in to test this part of the app on its own page.',
  mobile: 'Mobile number',
  checking: 'A short check of this phone, then the code is sent…',
  agree: 'I agree to the Privacy Policy, Terms & Conditions and Data Policy',
  signIn: 'Sign in',
  signedInAs: 'Signed in as {{mobile}}',
};

const ur: typeof en = {
  title: 'سائن اِن (QA)',
  intro: 'ایپ کے اس حصے کو اس کے اپنے صفحے پر جانچنے کے لیے سائن اِن کریں۔',
  mobile: 'موبائل نمبر',
  checking: 'اس فون کی مختصر جانچ، پھر کوڈ بھیجا جائے گا…',
  agree: 'میں پرائیویسی پالیسی، شرائط و ضوابط اور ڈیٹا پالیسی سے متفق ہوں',
  signIn: 'سائن اِن کریں',
  signedInAs: '{{mobile}} کے طور پر سائن اِن',
};

export const qaStrings = { en, ur };
