// The push module's public entry (decision 800): Web Push per device (issue 27, docs/push.md).
export { pushRoutes } from './push.routes.ts';
export { PUSH_JOB, createPushJob, enqueuePush } from './push.service.ts';
