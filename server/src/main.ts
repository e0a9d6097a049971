/** `npm start -w server`: the API on its embedded database (or DATABASE_URL). */
import { loadConfig } from './settings/config';
import { startServer } from './app/server';

async function main() {
  let cfg;
  try {
    cfg = loadConfig();
  } catch (e) {
    console.error(`configuration error: ${(e as Error).message}`);
    process.exit(1);
  }
  try {
    const s = await startServer(cfg);
    s.app.log.info({ url: s.url, db: s.deps.dbKind, clockSpeed: cfg.clockSpeed, devControls: cfg.devControls }, 'server listening');
    const stop = async (sig: string) => {
      s.app.log.info({ sig }, 'shutting down');
      await s.close().catch(() => undefined);
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  } catch (e) {
    console.error(`server failed to start: ${(e as Error).message}`);
    process.exit(1);
  }
}
void main();
