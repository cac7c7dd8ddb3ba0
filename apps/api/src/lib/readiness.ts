export type Phase = 'starting' | 'ready' | 'draining';

/**
 * Whether this instance should be given requests (docs/decisions/0047). A server process
 * listens before it has migrated and seeded ('starting'), so that liveness answers at once,
 * and keeps answering for a while after SIGTERM ('draining') while its load balancer stops
 * sending to it. Only 'ready' is ready; the database is checked on top (health routes).
 */
export class Readiness {
  private current: Phase;

  constructor(phase: Phase = 'starting') {
    this.current = phase;
  }

  get phase(): Phase {
    return this.current;
  }

  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  drain(): void {
    this.current = 'draining';
  }
}
