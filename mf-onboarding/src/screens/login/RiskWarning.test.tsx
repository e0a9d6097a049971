/**
 * The market profile's risk warning before sign-up: shown when the server names a version, ticked to go on, then sent once
 * signed in.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { call, registerResources, startI18n, useRequest } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import { RiskWarningGate, sendRiskAcknowledgement } from './RiskWarning';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), useRequest: jest.fn() }));
const mockedCall = call as jest.MockedFunction<typeof call>;
const mockedUseRequest = useRequest as jest.Mock;
startI18n();
registerResources('onboarding', { en, ur });
const w = en.riskWarning;

function answering(version: string | null) {
  mockedUseRequest.mockReturnValue({ data: { profile: { riskWarningVersion: version } }, loading: false });
  mockedCall.mockResolvedValue({ version, acknowledgedAt: '2026-11-27T10:00:00.000Z' } as never);
}

beforeEach(() => {
  localStorage.clear();
  mockedCall.mockReset();
});

it('without a warning in the market, the form shows', () => {
  answering(null);
  render(<RiskWarningGate>form</RiskWarningGate>);
  expect(screen.getByText('form')).toBeInTheDocument();
});

it('the warning first; it must be ticked; then the form, and the acknowledgement is sent once signed in', async () => {
  answering('2024-1');
  render(<RiskWarningGate>form</RiskWarningGate>);
  expect(await screen.findByText(w.intro)).toBeInTheDocument();
  expect(screen.queryByText('form')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: w.accept }));
  expect(screen.getByText(w.required)).toBeInTheDocument();
  fireEvent.click(screen.getByLabelText(w.acknowledge));
  fireEvent.click(screen.getByRole('button', { name: w.accept }));
  expect(await screen.findByText('form')).toBeInTheDocument();
  await act(() => sendRiskAcknowledgement('ur'));
  expect(mockedCall).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/loanMarket/risk-warning/acknowledge' }), { version: '2024-1', lang: 'ur' });
});
