import { mountStandalone } from 'shared/harness';
import routes from './routes';

void mountStandalone(routes, document.getElementById('root')!);
