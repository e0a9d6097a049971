import { act, render, screen } from '@testing-library/react';
import { useSession, type UserInfo } from 'shared';
import { composeRoutes, declareRoutes, installRoutes } from 'shared/routes';
import { setupI18n } from '../../test/i18n';
import { routeTable } from '../../routeTable';
import MeScreen from './MeScreen';

const user: UserInfo = {
  userId: 1,
  mobile: '3001234567',
  maskedMobile: '0300****567',
  firstName: null,
  lastName: null,
  creditLimit: 0,
  availableLimit: 0,
  loanCount: 0,
  onTimeRepayments: 0,
  nextStep: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  progress: {
    basicInfo: false,
    idFront: false,
    idBack: false,
    face: false,
    imagesDone: false,
    nameMatches: true,
    additionInfo: false,
    bankCard: false,
    questionnaire: false,
  },
};

beforeAll(setupI18n);
// the host's table with this remote's published routes (the inbox is one of its own, not a spec route)
beforeAll(() => installRoutes(composeRoutes({ mf_usercenter: declareRoutes(routeTable) })));
afterEach(() => act(() => useSession.setState({ token: null, userInfo: null })));

describe('MeScreen', () => {
  it('logged out: a login entry and the menu', () => {
    render(<MeScreen />);
    expect(screen.getByRole('button', { name: 'Log in / Register' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['FAQ', '#/user_center/faq'],
      ['About us', '#/user_center/about_us'],
      ['Customer safety guide', '#/user_center/customer_guide'],
      ['Customer service', '#/user_center/customer_services'],
      ['Language', '#/user_center/language'],
      ['Settings', '#/user_center/settings'],
    ]);
  });

  it('logged in: the stored masked number, no login entry', () => {
    act(() => useSession.setState({ token: { Authorization: 'Bearer abc' }, userInfo: user }));
    render(<MeScreen />);
    expect(screen.getByTestId('me-mobile')).toHaveTextContent('0300****567');
    expect(screen.queryByRole('button', { name: 'Log in / Register' })).toBeNull();
    expect(screen.getByTestId('me-inbox')).toHaveAttribute('href', '#/user/inbox');
  });
});
