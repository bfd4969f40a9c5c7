import { z } from 'zod';

/** GET /api/students/me/summary: the header and tab counts of the student dashboard. */
export const studentSummaryData = z.object({
  registeredWorkshops: z.number().int(),
  ideas: z.number().int(),
  /** R&D applications, withdrawn ones left out. */
  applications: z.number().int(),
});
export type StudentSummary = z.infer<typeof studentSummaryData>;
