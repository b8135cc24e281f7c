import { get as httpGet, type ClientRequest } from 'node:http';

export interface ServerEvent {
  event: string;
  data: unknown;
}

/** A minimal server-sent-events client: collects events and waits for the next matching one (bounded). */
export function openEvents(url: string) {
  const events: ServerEvent[] = [];
  const waiters: { name: string; test: (data: unknown) => boolean; resolve: (data: unknown) => void }[] = [];
  /** Events no waiter has taken yet: the next matching `next` call gets them first. */
  const unclaimed: ServerEvent[] = [];
  let buffer = '';
  let req: ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    req = httpGet(url, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!name || data === undefined) continue;
          const e = { event: name, data: JSON.parse(data) as unknown };
          events.push(e);
          const w = waiters.find((x) => x.name === e.event && x.test(e.data));
          if (w) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e.data);
          } else unclaimed.push(e);
        }
      });
      resolve();
    });
    req.on('error', reject);
  });
  return {
    events,
    opened,
    /** The next event called `name` that passes `test`, including ones received but not taken yet. */
    next<T>(name: string, test: (data: T) => boolean = () => true, timeoutMs = 15_000): Promise<T> {
      const early = unclaimed.find((e) => e.event === name && test(e.data as T));
      if (early) {
        unclaimed.splice(unclaimed.indexOf(early), 1);
        return Promise.resolve(early.data as T);
      }
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${name}" event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`)),
          timeoutMs,
        );
        waiters.push({
          name,
          test: (d) => test(d as T),
          resolve: (d) => {
            clearTimeout(timer);
            resolve(d as T);
          },
        });
      });
    },
    close() {
      req?.destroy();
    },
  };
}
