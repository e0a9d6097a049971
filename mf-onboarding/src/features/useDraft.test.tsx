/** Drafts belong to a known borrower: what was typed before the borrower's id arrived is kept under it, and a save clears it. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { useSession, type UserInfo } from 'shared';
import { useDraft } from './useDraft';

let clearDraft: () => void = () => undefined;
function Form() {
  const form = useForm<{ nationalId: string }>({ defaultValues: { nationalId: '' } });
  const draft = useDraft('personal', form);
  clearDraft = draft.clear; // the render's clear, as a submit started before the id arrived holds it
  return <input aria-label="CNIC" {...form.register('nationalId')} />;
}
const drafts = () => Object.keys(localStorage).filter((k) => k.includes('draft:'));

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ userInfo: null });
});

it('nothing is kept under no one; typed before the id arrives, the draft is the borrower’s once it does', () => {
  render(<Form />);
  fireEvent.change(screen.getByLabelText('CNIC'), { target: { value: '3520212345671' } });
  expect(drafts()).toEqual([]);
  act(() => useSession.setState({ userInfo: { userId: 7 } as UserInfo }));
  expect(JSON.parse(localStorage.getItem('onboarding:user:draft:personal:7')!)).toEqual({ nationalId: '3520212345671' });
});

it('the clear of a submit begun before the id arrived removes what was written after', () => {
  render(<Form />);
  const staleClear = clearDraft;
  act(() => useSession.setState({ userInfo: { userId: 7 } as UserInfo }));
  fireEvent.change(screen.getByLabelText('CNIC'), { target: { value: '3520212345671' } });
  expect(drafts()).toEqual(['onboarding:user:draft:personal:7']);
  act(() => staleClear());
  expect(drafts()).toEqual([]);
  // and nothing more is written by this form after the save
  fireEvent.change(screen.getByLabelText('CNIC'), { target: { value: '35202123456' } });
  expect(drafts()).toEqual([]);
});
