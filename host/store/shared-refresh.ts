// A replica's refresh of a tenant's view, shared between the requests that ask for it
// (postgres.ts, ADR 0221): a refresh that starts after a request arrived sees every commit
// acknowledged before it arrived, so the requests that arrive while one is in flight all wait for
// the next one, which starts when the first ends. At most one runs and one waits per tenant,
// however many requests read it at once.

interface InFlight {
  running: Promise<void>;
  queued?: Promise<void>;
}

export class SharedRefresh {
  readonly #inFlight = new Map<string, InFlight>();

  constructor(private readonly refreshNow: (tenant: string) => Promise<void>) {}

  /** Resolves once a refresh of `tenant` that started after this call has ended. */
  refresh(tenant: string): Promise<void> {
    const state = this.#inFlight.get(tenant);
    if (state === undefined) return this.#start(tenant);
    state.queued ??= state.running.then(
      () => this.#start(tenant),
      () => this.#start(tenant),
    );
    return state.queued;
  }

  #start(tenant: string): Promise<void> {
    const running: Promise<void> = this.refreshNow(tenant).finally(() => {
      if (this.#inFlight.get(tenant)?.running === running) this.#inFlight.delete(tenant);
    });
    this.#inFlight.set(tenant, { running });
    return running;
  }
}
