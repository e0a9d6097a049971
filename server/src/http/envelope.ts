/**
 * Every answer, success or failure, is the `{code, msg, data}` envelope (wire-protocol.md): `send`,
 * the error and not-found handlers, and the answers to requests refused before routing.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import C from '../api/contract';
import { AppError, ErrorCode } from '../core/errors';
import { BUSY_RETRY_AFTER_MS, isContention } from '../db/contention';

const { errorMessage, uiLanguage } = C;

declare module 'fastify' {
  interface FastifyRequest {
    /** the envelope's code of the answer (request log) */
    wireCode?: number;
    /** the catalogue name of the call (request log) */
    callName?: string;
  }
}

/** A transport refusal (cipher, path, multipart...): its code, HTTP status and data. */
export class WireRefusal extends Error {
  constructor(
    public code: number,
    public status: number,
    public data: unknown = null,
  ) {
    super(String(code));
  }
}

export const langOf = (req: FastifyRequest) => uiLanguage(req.headers.lang as string | undefined);

export function send(reply: FastifyReply, lang: string, code: number, data: unknown, status = 200, vars?: Record<string, string | number>) {
  reply.request.wireCode = code;
  // every answer is one user's, and some GETs move money (get-money, extension): no cache may keep or replay any
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ code, msg: errorMessage(code, lang, vars), data: data ?? null });
}

/**
 * Node refuses some requests before Fastify sees them (headers or URL past its 16 KB limit, a broken
 * request line): the answer is still the envelope, in English since no header was read.
 */
export function clientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) return void socket.destroy();
  const [status, code] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.bodyTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.malformedRequest]
        : [400, ErrorCode.malformedRequest];
  const body = JSON.stringify({ code, msg: errorMessage(code, 'en'), data: null });
  // written, then closed at once (as Node's own answer): end() alone can leave a slow client's socket open
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
  socket.destroy();
}

/** a URL the router cannot decode or a path segment over the limit (Fastify's frameworkErrors) */
export const routerError = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
  send(reply, langOf(req), ErrorCode.malformedRequest, null, err.statusCode ?? 400);

const MULTIPART_LIMITS = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** errors and unknown URLs answered in the envelope */
export const envelope = fp(
  async (app) => {
    // `data`: what the rate limiter's errorResponseBuilder put on its 429
    app.setErrorHandler((err: FastifyError & { data?: unknown }, req, reply) => {
      const lang = langOf(req);
      if (err instanceof AppError) return send(reply, lang, err.code, err.data, err.httpStatus, err.vars);
      if (err instanceof WireRefusal) return send(reply, lang, err.code, err.data, err.status);
      const sc = err.statusCode ?? 500;
      if (MULTIPART_LIMITS.has(err.code))
        return send(reply, lang, err.code === 'FST_REQ_FILE_TOO_LARGE' ? ErrorCode.fileTooLarge : ErrorCode.malformedRequest, null, 413);
      if (sc === 413) return send(reply, lang, ErrorCode.bodyTooLarge, null, 413);
      if (sc === 429) return send(reply, lang, ErrorCode.rateLimited, err.data ?? null, 429);
      if (sc >= 400 && sc < 500) return send(reply, lang, ErrorCode.malformedRequest, null, sc);
      if (isContention(err)) {
        req.log.warn({ code: (err as { code?: string }).code, call: req.callName }, 'busy: rows held by another transaction');
        reply.header('retry-after', String(Math.ceil(BUSY_RETRY_AFTER_MS / 1000)));
        return send(reply, lang, ErrorCode.serverBusy, { retryAfterMs: BUSY_RETRY_AFTER_MS }, 503);
      }
      req.log.error({ err }, 'unhandled error');
      return send(reply, lang, ErrorCode.serverError, null, 500);
    });
    app.setNotFoundHandler((req, reply) => send(reply, langOf(req), ErrorCode.unknownCall, null, 404));
  },
  { name: 'envelope' },
);

/** one log line per request: call name (never the sealed URL or its query), status, code, time */
export const requestLog = fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        {
          call: req.callName ?? req.url.split('?')[0].slice(0, 24),
          method: req.method,
          status: reply.statusCode,
          code: req.wireCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
