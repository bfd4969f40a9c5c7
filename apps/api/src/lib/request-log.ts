import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request (decision 641): at completion, with the request (method, URL with tokens
 * redacted, IP), the status and the time taken. Fastify's default writes two — "incoming request" and
 * "request completed" — and on the uncached lists the second line was ~1.5 % of the API's CPU for
 * nothing an operator needs (both carry the request id). Errors are logged as before (the error handler,
 * "request errored" with the error).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
