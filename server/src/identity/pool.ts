/**
 * A small pool of workers with bounded cost, shared by the CNIC reader (ocr.ts) and the face check
 * (face.ts). Each worker is created when first needed; a job that runs past the time-out has its
 * worker terminated and replaced, so a hostile image cannot hold a worker. The queue is fair and
 * bounded: first come first served, one job per owner (a borrower) queued or running, at most
 * `maxQueue` waiting; a job beyond that, or one that waited `maxWaitMs` for a worker, is refused at
 * once with PoolBusy (the caller answers 'busy, try again'): nobody waits behind others unboundedly.
 */
export interface PoolLimits {
  workers: number;
  timeoutMs: number;
  maxWaitMs: number;
  /** jobs waiting for a worker, at most */
  maxQueue: number;
}
export interface PoolWorker {
  terminate(): Promise<unknown>;
}
export interface Pool<I, O> {
  run(input: I, owner: string): Promise<O>;
  close(): Promise<void>;
}

export class PoolBusy extends Error {}
/** the job ran past timeoutMs (its worker was replaced) */
export class PoolTimeout extends Error {}

export function boundedPool<W extends PoolWorker, I, O>(limits: PoolLimits, create: () => Promise<W>, work: (worker: W, input: I) => Promise<O>): Pool<I, O> {
  type Job = { input: I; owner: string; resolve(r: O): void; reject(e: Error): void; waitTimer: NodeJS.Timeout };
  const idle: (Promise<W> | null)[] = Array.from({ length: limits.workers }, () => null);
  const free: number[] = idle.map((_, i) => i);
  const queue: Job[] = [];
  const owners = new Set<string>();
  let closed = false;

  const settle = (job: Job) => {
    clearTimeout(job.waitTimer);
    owners.delete(job.owner);
  };
  function pump() {
    while (free.length && queue.length) {
      const slot = free.shift()!;
      const job = queue.shift()!;
      clearTimeout(job.waitTimer);
      void run(slot, job);
    }
  }
  async function run(slot: number, job: Job) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const w = await (idle[slot] ??= create());
      const timeout = new Promise<never>((_, rej) => {
        timer = setTimeout(() => rej(new PoolTimeout('worker timeout')), limits.timeoutMs);
      });
      job.resolve(await Promise.race([work(w, job.input), timeout]));
    } catch (e) {
      // timed out or crashed: this worker is not trusted again
      const w = idle[slot];
      idle[slot] = null;
      void w?.then((x) => x.terminate()).catch(() => undefined);
      job.reject(e as Error);
    } finally {
      clearTimeout(timer);
      settle(job);
      if (!closed) {
        free.push(slot);
        pump();
      }
    }
  }
  return {
    run(input, owner) {
      if (closed) return Promise.reject(new Error('pool closed'));
      if (owners.has(owner)) return Promise.reject(new PoolBusy('a job of this owner is already queued'));
      if (queue.length >= limits.maxQueue && !free.length) return Promise.reject(new PoolBusy('the queue is full'));
      owners.add(owner);
      return new Promise<O>((resolve, reject) => {
        const job: Job = {
          input,
          owner,
          resolve,
          reject,
          waitTimer: setTimeout(() => {
            const i = queue.indexOf(job);
            if (i < 0) return;
            queue.splice(i, 1);
            settle(job);
            reject(new PoolBusy('no worker was free in time'));
          }, limits.maxWaitMs),
        };
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const j of queue.splice(0)) {
        settle(j);
        j.reject(new Error('pool closed'));
      }
      await Promise.all(idle.map((w) => w?.then((x) => x.terminate()).catch(() => undefined)));
      idle.fill(null);
    },
  };
}
