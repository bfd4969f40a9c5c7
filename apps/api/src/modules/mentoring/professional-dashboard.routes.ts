import { envelope } from '@app/shared/api';
import {
  MENTORING_MESSAGES,
  acceptingRequestsBody,
  acceptingRequestsData,
  bookingPolicyBody,
  bookingPolicyData,
  connectedStudentsData,
  connectedStudentsQuery,
  dashboardStatsData,
  uploadImageData,
} from '@app/shared/mentoring';
import { actorOf, type App } from '../../lib/http.ts';
import { readImageUpload } from '../../lib/uploads.ts';
import { replaceAvatar } from '../users/index.ts';
import { avatarUrl } from '../users/index.ts';
import * as dashboard from './professional-dashboard.service.ts';

const secured = { tags: ['mentoring'], security: [{ bearer: [] }] };
const own = { access: ['professional'] as const };
/** Their own numbers, settings and picture: nothing that reaches a student (issue 28). */
const ownAccount = { ...own, allowPendingExpert: true };
const PROFILE_IMAGE_MAX = 5 * 1024 * 1024;

export async function professionalDashboardRoutes(app: App) {
  app.get(
    '/professionals/dashboard-stats',
    { config: ownAccount, schema: { ...secured, response: { 200: envelope(dashboardStatsData) } } },
    async (request) => ({
      success: true as const,
      data: { stats: await dashboard.dashboardStats(app.ctx.db, actorOf(request)) },
    }),
  );

  app.get(
    '/professionals/connected-students',
    {
      config: own,
      schema: { ...secured, querystring: connectedStudentsQuery, response: { 200: envelope(connectedStudentsData) } },
    },
    async (request) => ({
      success: true as const,
      data: { students: await dashboard.connectedStudents(app.ctx.db, actorOf(request), request.query) },
    }),
  );

  app.put(
    '/professionals/me/accepting-requests',
    { config: ownAccount, schema: { ...secured, body: acceptingRequestsBody, response: { 200: envelope(acceptingRequestsData) } } },
    async (request) => {
      const accepting = await dashboard.setAcceptingRequests(app.ctx.db, actorOf(request), request.body.acceptingRequests);
      return {
        success: true as const,
        message: accepting ? 'You are accepting new connection requests' : 'New connection requests are paused',
        data: { acceptingRequests: accepting },
      };
    },
  );

  app.put(
    '/professionals/me/booking-policy',
    { config: own, schema: { ...secured, body: bookingPolicyBody, response: { 200: envelope(bookingPolicyData) } } },
    async (request) => ({
      success: true as const,
      message: MENTORING_MESSAGES.noticeSaved,
      data: { noticeHours: await dashboard.setNoticeHours(app.ctx.db, actorOf(request), request.body.noticeHours) },
    }),
  );

  app.post(
    '/professionals/upload-image',
    { config: ownAccount, schema: { ...secured, consumes: ['multipart/form-data'], response: { 200: envelope(uploadImageData) } } },
    async (request) => {
      const actor = actorOf(request);
      const image = await readImageUpload(request, {
        field: 'profileImage',
        maxBytes: PROFILE_IMAGE_MAX,
        tooLargeMessage: MENTORING_MESSAGES.imageSize,
        typeMessage: MENTORING_MESSAGES.imageType,
        maxWidth: 512,
        maxHeight: 512,
      });
      const key = await replaceAvatar(app.ctx, actor.id, image);
      return { success: true as const, message: MENTORING_MESSAGES.imageUpdated, data: { imageUrl: avatarUrl(key) ?? '' } };
    },
  );
}
