/** The work-info and contact rules of spec sections 4 and 5, through the rendered form. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { COMPANY_MAX, CONTACT_NAME_MAX, bridge, call, registerResources, startI18n, useToasts } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { AdditionalForm } from './AdditionalForm';

/** what the market configuration answers (ContactFields reads whether contacts may be picked) */
let mockMarketConfig: unknown = {};
jest.mock('shared', () => {
  const actual = jest.requireActual('shared');
  const fakeBridge = {
    get inApp() {
      return !!(window as unknown as { AppBridge?: unknown }).AppBridge;
    },
    call: jest.fn(),
    send: jest.fn(),
    onEvent: actual.bridge.onEvent,
  };
  const useRequest = (ep: unknown, params: unknown, opts: unknown) =>
    ep === actual.endpoints.marketConfig ? { data: mockMarketConfig, loading: false, reload: () => {} } : actual.useRequest(ep, params, opts);
  return { ...actual, call: jest.fn(), bridge: fakeBridge, useRequest };
});
const mockedCall = call as jest.MockedFunction<typeof call>;
startI18n();
registerResources('onboarding', { en, ur });

const a = en.additional;
const states = [
  { code: 'PB', name: 'Punjab', cities: ['Lahore', 'Multan'], labels: { name: 'پنجاب', cities: ['لاہور', 'ملتان'] } },
  { code: 'SD', name: 'Sindh', cities: ['Karachi'], labels: { name: 'سندھ', cities: ['کراچی'] } },
];
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const contact = (n: 1 | 2) => within(screen.getByRole('region', { name: `Emergency contact ${n}` }));

beforeEach(() => {
  mockMarketConfig = {};
  localStorage.clear();
  mockedCall.mockReset();
});

describe('AdditionalForm', () => {
  it('changing the employment type clears the industry', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    select(a.industry, 'retail');
    select(a.employmentType, 'self_employed');
    expect(screen.getByLabelText(a.industry)).toHaveValue('');
  });

  it('Unemployed hides industry, job experience, pay frequency and paydays', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    select(a.payFrequency, 'Monthly');
    expect(screen.getByLabelText(a.payday)).toBeInTheDocument();
    select(a.employmentType, 'Unemployed');
    for (const label of [a.industry, a.jobExperience, a.payFrequency, a.payday]) expect(screen.queryByLabelText(label)).toBeNull();
  });

  it('monthly: one day 1-31; biweekly: a second day', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    select(a.payFrequency, 'Monthly');
    const options = within(screen.getByLabelText(a.payday)).getAllByRole('option');
    expect(options).toHaveLength(32); // placeholder + 31 days
    expect(screen.queryByLabelText(a.paydayTwo)).toBeNull();
    select(a.payFrequency, 'Biweekly');
    expect(screen.getByLabelText(a.paydayTwo)).toBeInTheDocument();
  });

  it('weekly: a weekday; fourteen-day: a second weekday', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    select(a.payFrequency, 'Weekly');
    expect(within(screen.getByLabelText(a.payWeekday)).getByRole('option', { name: 'Friday' })).toBeInTheDocument();
    expect(screen.queryByLabelText(a.payWeekdayTwo)).toBeNull();
    select(a.payFrequency, 'Fourteen');
    expect(screen.getByLabelText(a.payWeekdayTwo)).toBeInTheDocument();
  });

  it('changing the pay frequency clears both paydays', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    select(a.payFrequency, 'Biweekly');
    select(a.payday, '1');
    select(a.paydayTwo, '15');
    select(a.payFrequency, 'Monthly');
    select(a.payFrequency, 'Biweekly');
    expect(screen.getByLabelText(a.payday)).toHaveValue('');
    expect(screen.getByLabelText(a.paydayTwo)).toHaveValue('');
  });

  it('contact phone takes digits only as typed, 10 (11 with a leading 0); a number that cannot be a Pakistani mobile is refused in words', async () => {
    render(<AdditionalForm saved={{ employmentType: 'Unemployed', monthlySalary: 'under29999', incomeSource: 'father' }} states={states} />);
    const phone = contact(1).getByLabelText(a.contactPhone);
    fireEvent.change(phone, { target: { value: '(0300) 123-45678' } });
    expect(phone).toHaveValue('03001234567');
    fireEvent.change(phone, { target: { value: '300123456789' } });
    expect(phone).toHaveValue('3001234567');
    fireEvent.change(phone, { target: { value: '+92 300 1234567' } });
    expect(phone).toHaveValue('3001234567');
    fireEvent.change(contact(2).getByLabelText(a.contactPhone), { target: { value: '0000000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(contact(2).getByText('Enter a Pakistani mobile number, e.g. 0300 1234567')).toBeInTheDocument();
    expect(contact(1).queryByText('Enter a Pakistani mobile number, e.g. 0300 1234567')).toBeNull();
  });

  it('a contact phone typed key by key as +92 (300) 111-2233 is the number pasted whole', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    const typed = contact(1).getByLabelText(a.contactPhone) as HTMLInputElement;
    for (const key of '+92 (300) 111-2233') fireEvent.change(typed, { target: { value: typed.value + key } });
    expect(typed).toHaveValue('3001112233');
    const pasted = contact(2).getByLabelText(a.contactPhone);
    fireEvent.change(pasted, { target: { value: '+92 (300) 111-2233' } });
    expect(pasted).toHaveValue('3001112233');
  });

  it('company and contact names stop at their limits as typed (spec: 100 and 50), as the address does', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    expect(screen.getByLabelText(a.company)).toHaveAttribute('maxLength', String(COMPANY_MAX));
    for (const n of [1, 2] as const) expect(contact(n).getByLabelText(a.contactName)).toHaveAttribute('maxLength', String(CONTACT_NAME_MAX));
  });

  it('every error of the form shows on the first submit (not in waves); required fields are marked', async () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    for (const message of ['Please select the income source', 'Please select your monthly income']) expect(screen.getByText(message)).toBeInTheDocument();
    for (const label of [a.industry, a.company, a.jobExperience, a.payFrequency, a.monthlySalary]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(screen.getByLabelText(a.employmentType)).toHaveAttribute('aria-required', 'true');
    expect(contact(1).getByLabelText(a.contactName)).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText(a.monthlySalary), { target: { value: '30000-49999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(screen.queryByText('Please select your monthly income')).toBeNull();
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('refuses the same relation and the same mobile for both contacts', async () => {
    render(<AdditionalForm saved={{ employmentType: 'Unemployed', monthlySalary: 'under29999', incomeSource: 'father' }} states={states} />);
    for (const n of [1, 2] as const) {
      fireEvent.change(contact(n).getByLabelText(a.contactName), { target: { value: `Person ${n}` } });
      fireEvent.change(contact(n).getByLabelText(a.contactPhone), { target: { value: n === 1 ? '3001234567' : '03001234567' } });
      fireEvent.change(contact(n).getByLabelText(a.relation), { target: { value: 'friends' } });
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(contact(2).getByText('The two emergency contacts cannot have the same relation')).toBeInTheDocument();
    fireEvent.change(contact(2).getByLabelText(a.relation), { target: { value: 'parents' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en.form.next })));
    expect(contact(2).getByText('The two emergency contacts cannot have the same mobile number')).toBeInTheDocument();
    expect(mockedCall).not.toHaveBeenCalled();
  });

  it('the native picker waits for the agreement to the device permissions: without it, to the permissions screen and back', async () => {
    (window as unknown as { AppBridge: unknown }).AppBridge = { postMessage: jest.fn() };
    (bridge.call as jest.Mock).mockReset();
    mockedCall.mockResolvedValue({ version: 'v1', consent: null } as never);
    render(<AdditionalForm saved={{}} states={states} />);
    await act(async () => fireEvent.click(contact(1).getByRole('button', { name: a.pickContact })));
    expect(bridge.call).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/auth/permissions?next=additionalInfomation');
    delete (window as unknown as { AppBridge?: unknown }).AppBridge;
  });

  it('no picker in a market that never reads contacts (pk-secp): the contacts are typed by hand', async () => {
    (window as unknown as { AppBridge: unknown }).AppBridge = { postMessage: jest.fn() };
    mockMarketConfig = { profile: { permissionsOff: ['contacts', 'storage'] } };
    render(<AdditionalForm saved={{}} states={states} />);
    expect(contact(1).queryByRole('button', { name: a.pickContact })).toBeNull();
    expect(contact(1).getByLabelText(a.contactPhone)).toBeInTheDocument();
    delete (window as unknown as { AppBridge?: unknown }).AppBridge;
  });

  it('the work address stops at 100 characters as typed', () => {
    render(<AdditionalForm saved={{}} states={states} />);
    expect(screen.getByLabelText(a.workAddress)).toHaveAttribute('maxLength', '100');
  });

  it('imports a contact from the native picker with the country prefix stripped', async () => {
    const sim = { postMessage: jest.fn() };
    (window as unknown as { AppBridge: unknown }).AppBridge = sim;
    mockedCall.mockResolvedValue({ version: 'v1', consent: { version: 'v1', agreedAt: '2025-06-01T00:00:00.000Z', permissions: ['camera'] } } as never);
    (bridge.call as jest.Mock).mockResolvedValue({ ok: true, phone: '+92 321 5556677', name: 'Sara Ali' });
    render(<AdditionalForm saved={{}} states={states} />);
    await act(async () => fireEvent.click(contact(2).getByRole('button', { name: a.pickContact })));
    expect(contact(2).getByLabelText(a.contactName)).toHaveValue('Sara Ali');
    expect(contact(2).getByLabelText(a.contactPhone)).toHaveValue('3215556677');
    // a number saved with its leading 0: the 0 goes too (spec section 9)
    (bridge.call as jest.Mock).mockResolvedValue({ ok: true, phone: '0333-1112223', name: 'Omar' });
    await act(async () => fireEvent.click(contact(1).getByRole('button', { name: a.pickContact })));
    expect(contact(1).getByLabelText(a.contactPhone)).toHaveValue('3331112223');
    delete (window as unknown as { AppBridge?: unknown }).AppBridge;
  });

  it('income is one of the five salary bands, labelled in the language; a number saved before the bands shows as its band', () => {
    const { unmount } = render(<AdditionalForm saved={{}} states={states} />);
    const bands = within(screen.getByLabelText(a.monthlySalary)).getAllByRole('option').slice(1);
    expect(bands.map((o) => o.textContent)).toEqual([
      'Under Rs 29,999',
      'Rs 30,000 to 49,999',
      'Rs 50,000 to 99,999',
      'Rs 100,000 to 149,999',
      'Rs 150,000 or more',
    ]);
    unmount();
    render(<AdditionalForm saved={{ monthlySalary: 55000 }} states={states} />);
    expect(screen.getByLabelText(a.monthlySalary)).toHaveValue('50000-99999');
  });

  it("the designation list is the work type's set, and changing the work type clears the designation", () => {
    render(<AdditionalForm saved={{}} states={states} />);
    const offered = () =>
      within(screen.getByLabelText(a.designation))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'));
    select(a.employmentType, 'employee');
    expect(offered()).toEqual(expect.arrayContaining(['assistant', 'commissioner', 'supervisor', 'manager', 'director', 'teacher', 'officer', 'other']));
    expect(offered()).not.toContain('shopkeeper');
    select(a.designation, 'manager');
    select(a.employmentType, 'self_employed');
    expect(screen.getByLabelText(a.designation)).toHaveValue('');
    expect(offered()).toEqual(expect.arrayContaining(['businessOwner', 'shopkeeper', 'other']));
    expect(offered()).not.toContain('manager');
  });

  it("work address: the district list is the chosen state's (asked for a state first), a new state clears it; pincode keeps 5 digits", () => {
    render(<AdditionalForm saved={{}} states={states} />);
    select(a.employmentType, 'employee');
    const region = within(screen.getByRole('region', { name: a.workAddressTitle }));
    fireEvent.mouseDown(region.getByLabelText(a.workDistrict));
    expect(useToasts.getState().items.map((x) => x.text)).toContain('Please select state');
    fireEvent.change(region.getByLabelText(a.workState), { target: { value: 'Punjab' } });
    fireEvent.change(region.getByLabelText(a.workDistrict), { target: { value: 'Multan' } });
    expect(region.getByLabelText(a.workDistrict)).toHaveValue('Multan');
    fireEvent.change(region.getByLabelText(a.workState), { target: { value: 'Sindh' } });
    expect(region.getByLabelText(a.workDistrict)).toHaveValue('');
    fireEvent.change(region.getByLabelText(a.workPincode), { target: { value: '54-0001' } });
    expect(region.getByLabelText(a.workPincode)).toHaveValue('54000');
  });

  it('a reopened form shows the saved work address', () => {
    render(
      <AdditionalForm
        saved={{
          employmentType: 'employee',
          workPincode: '54000',
          workState: 'Punjab',
          workDistrict: 'Lahore',
          workCounty: 'Model Town',
          workAddress: 'Office 3, Mall Road',
        }}
        states={states}
      />,
    );
    const region = within(screen.getByRole('region', { name: a.workAddressTitle }));
    expect(region.getByLabelText(a.workState)).toHaveValue('Punjab');
    expect(region.getByLabelText(a.workDistrict)).toHaveValue('Lahore');
    expect(region.getByLabelText(a.workCounty)).toHaveValue('Model Town');
    expect(region.getByLabelText(a.workPincode)).toHaveValue('54000');
    expect(region.getByLabelText(a.workAddress)).toHaveValue('Office 3, Mall Road');
  });
});
