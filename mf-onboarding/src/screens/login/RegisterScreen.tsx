/** user/register: the login screen in register mode (a known number is told to login directly). */
import LoginScreen from './LoginScreen';

export default function RegisterScreen() {
  return <LoginScreen intent="register" />;
}
