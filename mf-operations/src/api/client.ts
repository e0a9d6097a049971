/**
 * The staff API's client (docs/operations-api.md): plain JSON over fetch with the member's Bearer token, not the
 * borrower's sealed wire client. Every refusal becomes a StaffApiError carrying the API's own message (asked in
 * the console's language with the `lang` header) and its data; a call answered 401 sessionEnded or notSignedIn
 * while signed in ends the session here too (`onSessionEnd`), so the shell returns to sign-in with the reason.
 */
export type Lang = 'en' | 'ur';

/** the API's error names (shared/src/contract/staffErrors.ts), and the two this side adds when no refusal came back */
export type ApiErrorName = string;

export class StaffApiError extends Error {
  constructor(
    /** HTTP status; 0 when no answer came */
    readonly status: number,
    /** the API's error name; `network` (no answer) or `badAnswer` (an answer that is not the API's) otherwise */
    readonly error: ApiErrorName,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** a field's complaint (`invalidInput` data `fields`), if any */
  field(name: string): string | undefined {
    const fields = this.data.fields as Record<string, string> | undefined;
    return fields?.[name];
  }
}

/** the refusals that mean the token no longer works */
export const SESSION_ENDS = ['sessionEnded', 'notSignedIn'];

/** What this side says when the API gave no refusal of its own to show. */
export interface LocalMessages {
  network: string;
  badAnswer: string;
}

export interface ClientOptions {
  /** the API's origin, e.g. http://localhost:4000 */
  origin: string;
  lang: () => Lang;
  token: () => string | null;
  /** called once per refused call whose token no longer works */
  onSessionEnd: (e: StaffApiError) => void;
  messages: (lang: Lang) => LocalMessages;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function queryString(q?: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q ?? {})) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function createStaffClient(opts: ClientOptions) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const lang = opts.lang();
    const token = opts.token();
    const headers: Record<string, string> = { lang, accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(`${opts.origin}/staff${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new StaffApiError(0, 'network', opts.messages(lang).network);
    }
    if (res.ok) return res;
    let answer: { error?: unknown; message?: unknown } & Record<string, unknown>;
    try {
      answer = await res.json();
    } catch {
      answer = {};
    }
    const e =
      typeof answer.error === 'string' && typeof answer.message === 'string'
        ? new StaffApiError(
            res.status,
            answer.error,
            answer.message,
            Object.fromEntries(Object.entries(answer).filter(([k]) => k !== 'error' && k !== 'message')),
          )
        : new StaffApiError(res.status, 'badAnswer', opts.messages(lang).badAnswer);
    if (token && res.status === 401 && SESSION_ENDS.includes(e.error)) opts.onSessionEnd(e);
    throw e;
  }

  const json = async <T>(res: Response): Promise<T> => {
    try {
      return (await res.json()) as T;
    } catch {
      throw new StaffApiError(res.status, 'badAnswer', opts.messages(opts.lang()).badAnswer);
    }
  };

  return {
    get: async <T>(path: string, query?: Query): Promise<T> => json<T>(await send('GET', `${path}${queryString(query)}`)),
    post: async <T>(path: string, body: unknown = {}): Promise<T> => json<T>(await send('POST', path, body)),
    /** a file the API answers (the proof's photo, an export), read with the token */
    blob: async (path: string, query?: Query): Promise<Blob> => (await send('GET', `${path}${queryString(query)}`)).blob(),
  };
}

export type StaffClient = ReturnType<typeof createStaffClient>;
