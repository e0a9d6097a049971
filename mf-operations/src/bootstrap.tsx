import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import consoleModule from './routes';
import { Console } from './shell/Console';
import { i18n, startI18n } from './shell/i18n';
import './operations.css';

void startI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <Console module={consoleModule} />
    </I18nextProvider>,
  ),
);
