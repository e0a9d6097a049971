/** The complaints screen: the lender's answer shown under the ticket; a photo whose upload failed is kept and sent again. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { call, endpoints, registerResources, startI18n, useRequest, useSession, type Complaint } from 'shared';
import { en } from '../../i18n/en';
import { ur } from '../../i18n/ur';
import ComplaintsScreen from './ComplaintsScreen';

jest.mock('shared', () => ({ ...jest.requireActual('shared'), call: jest.fn(), useRequest: jest.fn() }));
jest.mock('shared/ui', () => ({ ...jest.requireActual('shared/ui'), compressImage: jest.fn(async (f: Blob) => f) }));
const mockedCall = call as jest.MockedFunction<typeof call>;
const mockedRequest = useRequest as jest.MockedFunction<typeof useRequest>;

startI18n();
registerResources('usercenter', { en, ur });
beforeAll(() => {
  // jsdom has no object URLs
  URL.createObjectURL = () => 'blob:photo';
});

const ticket = (over: Partial<Complaint> = {}): Complaint => ({
  ticketNo: 'CMP-000123',
  category: 'charges',
  text: 'I was charged twice.',
  hasPhoto: false,
  status: 'inProgress',
  createdAt: '2026-11-20T10:00:00.000Z',
  resolveBy: '2026-12-04T10:00:00.000Z',
  resolvedAt: null,
  reply: null,
  escalation: null,
  ...over,
});
const list = (complaints: Complaint[]) => mockedRequest.mockReturnValue({ data: { complaints }, loading: false, reload: jest.fn() } as never);

beforeEach(() => {
  mockedCall.mockReset();
  mockedRequest.mockReset();
});
afterEach(() => act(() => useSession.setState({ language: 'en' })));

it("shows the lender's answer, with its date, under the ticket (Urdu page, the answer as written)", async () => {
  list([ticket({ reply: { text: 'رقم واپس کر دی گئی ہے۔', at: '2026-11-22T09:00:00.000Z' } }), ticket({ ticketNo: 'CMP-000124' })]);
  act(() => useSession.setState({ language: 'ur' }));
  render(<ComplaintsScreen />);
  const replies = await screen.findAllByTestId('complaint-reply');
  expect(replies).toHaveLength(1);
  expect(replies[0]).toHaveTextContent(ur.complaints.reply);
  expect(replies[0]).toHaveTextContent('2026-11-22');
  expect(replies[0]).toHaveTextContent('رقم واپس کر دی گئی ہے۔');
});

it('a photo whose upload failed stays on the screen, is sent again on request, and goes with the complaint', async () => {
  list([]);
  render(<ComplaintsScreen />);
  mockedCall.mockRejectedValueOnce(new Error('Network failed'));
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'p.jpg', { type: 'image/jpeg' });
  fireEvent.change(screen.getByTestId('complaint-photo'), { target: { files: [photo] } });
  expect(await screen.findByTestId('complaint-photo-unsent')).toHaveTextContent(en.complaints.photoUnsent);
  expect(screen.getByRole('img', { name: en.complaints.photo })).toBeInTheDocument();

  // sent with the complaint: the upload first, then the complaint naming its file
  mockedCall.mockResolvedValueOnce({ fileId: 77 } as never).mockResolvedValueOnce({ complaint: ticket() } as never);
  fireEvent.change(screen.getByTestId('complaint-category'), { target: { value: 'charges' } });
  fireEvent.change(screen.getByTestId('complaint-text'), { target: { value: 'I was charged twice for one payment.' } });
  fireEvent.click(screen.getByTestId('complaint-submit'));
  await waitFor(() => expect(mockedCall).toHaveBeenCalledTimes(3));
  expect(mockedCall.mock.calls[1][0]).toBe(endpoints.complaintPhoto);
  expect(mockedCall.mock.calls[1][2]).toMatchObject({ file: photo });
  expect(mockedCall.mock.calls[2][0]).toBe(endpoints.createComplaint);
  expect(mockedCall.mock.calls[2][1]).toMatchObject({ fileId: 77 });
  expect(screen.queryByTestId('complaint-photo-unsent')).toBeNull();
});

it('when the photo still cannot be sent, the complaint waits and what was typed stays', async () => {
  list([]);
  render(<ComplaintsScreen />);
  mockedCall.mockRejectedValue(new Error('Network failed'));
  fireEvent.change(screen.getByTestId('complaint-photo'), { target: { files: [new File([new Uint8Array([1])], 'p.jpg', { type: 'image/jpeg' })] } });
  await screen.findByTestId('complaint-photo-unsent');
  fireEvent.change(screen.getByTestId('complaint-text'), { target: { value: 'I was charged twice for one payment.' } });
  fireEvent.click(screen.getByTestId('complaint-submit'));
  await waitFor(() => expect(mockedCall).toHaveBeenCalledTimes(2));
  expect(mockedCall.mock.calls.every(([e]) => e === endpoints.complaintPhoto)).toBe(true);
  expect(screen.getByTestId('complaint-text')).toHaveValue('I was charged twice for one payment.');
  expect(screen.getByTestId('complaint-photo-unsent')).toBeInTheDocument();
});
