/** The money-action code prompt: asked only when the server says so, a wrong code keeps it open, the right one retries the call. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../api/errors';
import { ErrorCode } from '../contract/errors';
import { startI18n } from '../i18n/setup';
import { common } from '../i18n/common';
import { useMoneyVerification } from './MoneyVerification';

startI18n();
const v = common.en.verify;
const asked = new ApiError(ErrorCode.verificationRequired, 'For your safety…', { purpose: 'moneyAction', reason: 'idle' });

function Harness({ send }: { send(code?: string): Promise<string> }) {
  const { run, prompt } = useMoneyVerification();
  const [result, setResult] = useState('none');
  return (
    <>
      <button onClick={() => void run(send).then((r) => setResult(r ?? 'closed'))}>pay</button>
      <output>{result}</output>
      {prompt}
    </>
  );
}

describe('useMoneyVerification', () => {
  it('no prompt when the call goes through', async () => {
    render(<Harness send={async () => 'paid'} />);
    await act(async () => fireEvent.click(screen.getByText('pay')));
    expect(screen.getByText('paid')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('verificationRequired: the prompt; a wrong code keeps it open with the code typed; the right one retries the call with it', async () => {
    const send = jest.fn(async (code?: string) => {
      if (!code) throw asked;
      if (code !== '123456') throw new ApiError(ErrorCode.otpInvalid, 'Invalid verification code', { triesLeft: 4 });
      return 'paid';
    });
    render(<Harness send={send} />);
    await act(async () => fireEvent.click(screen.getByText('pay')));
    expect(screen.getByRole('dialog', { name: v.title })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(v.code), { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: v.submit })));
    expect(screen.getByText('Invalid verification code')).toBeInTheDocument();
    expect(screen.getByLabelText(v.code)).toHaveValue('000000');
    fireEvent.change(screen.getByLabelText(v.code), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: v.submit })));
    expect(send).toHaveBeenLastCalledWith('123456');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('paid')).toBeInTheDocument();
  }, 30_000);

  it('closing the prompt runs nothing more', async () => {
    const send = jest.fn(async () => {
      throw asked;
    });
    render(<Harness send={send} />);
    await act(async () => fireEvent.click(screen.getByText('pay')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: common.en.cancel })));
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
