import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  name: string;
  run(now: number): Promise<number>;
}

/**
 * Runs housekeeping (expiring unpaid orders and reservations) every interval. Each task is
 * a set of conditional updates, so several API instances running it at once is harmless:
 * only one of them changes any given row.
 */
export class Periodic {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly tasks: readonly PeriodicTask[],
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.runOnce().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async runOnce(now = Date.now()): Promise<void> {
    for (const task of this.tasks) {
      try {
        const changed = await task.run(now);
        if (changed > 0) this.log.info({ task: task.name, changed }, 'housekeeping');
      } catch (error) {
        this.log.error({ err: error, task: task.name }, 'housekeeping task failed');
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
