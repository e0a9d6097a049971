import { mountStandalone } from 'shared';
import routes from './routes';

void mountStandalone(routes, document.getElementById('root')!);
