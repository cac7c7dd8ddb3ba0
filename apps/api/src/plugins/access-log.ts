import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when it completes, carrying the request id
 * (pino's reqId). Fastify's default writes two lines per request with full
 * request/response objects, which costs measurable throughput for little use.
 */
export class AccessLog extends LogController {
  constructor(private readonly enabled: boolean) {
    super({ disableRequestLogging: !enabled });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled) return;
    const line = { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
