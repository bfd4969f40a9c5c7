// Preloaded into the API by scripts/bench.mjs (node --import ./bench/metrics-preload.mjs dist/server.js):
// an event-loop delay histogram (perf_hooks.monitorEventLoopDelay) that the
// bench resets and reads over the child-process IPC channel. Nothing is added to the API's routes.
//   parent → child: { bench: 'eld-reset' } | { bench: 'eld-read' }
//   child → parent: { bench: 'eld', p50, p99, max, mean, count } (milliseconds)
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  // The histogram records the interval between the firings of a RESOLUTION ms timer (nanoseconds), so an
  // idle loop reads ~RESOLUTION: the delay is the interval minus the resolution (as @fastify/under-pressure does).
  const RESOLUTION = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION });
  histogram.enable();
  const ms = (ns) => Math.max(0, Number((ns / 1e6 - RESOLUTION).toFixed(2)));
  process.on('message', (message) => {
    if (message?.bench === 'eld-reset') histogram.reset();
    if (message?.bench === 'eld-read')
      process.send({
        bench: 'eld',
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        count: histogram.count,
        resolution: RESOLUTION,
      });
  });
  // The IPC channel must not keep the server alive after it closes.
  process.channel?.unref();
}
