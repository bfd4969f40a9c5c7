import { z } from 'zod';

// SCIM 2.0 (RFC 7643 / 7644): the shapes an identity provider (Entra ID, Okta) sends and receives.

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12: the error every SCIM endpoint answers (the platform's envelope is not used there). */
export const scimError = z.object({
  schemas: z.array(z.literal(SCIM_ERROR_SCHEMA)),
  status: z.string(),
  detail: z.string(),
  scimType: z.string().optional(),
});

const scimBoolean = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE']).transform((v) => v.toLowerCase() === 'true')]);

export const scimUserBody = z.object({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  userName: z.string().trim().min(1, 'userName is required').max(254),
  externalId: z.string().max(254).nullish(),
  active: scimBoolean.optional(),
  displayName: z.string().max(200).nullish(),
  name: z
    .object({ givenName: z.string().max(100).nullish(), familyName: z.string().max(100).nullish(), formatted: z.string().max(200).nullish() })
    .partial()
    .nullish(),
  emails: z
    .array(z.object({ value: z.string().max(254), type: z.string().max(40).nullish(), primary: scimBoolean.nullish() }))
    .max(10)
    .nullish(),
});
export type ScimUserBody = z.infer<typeof scimUserBody>;

export const scimPatchBody = z.object({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  Operations: z
    .array(
      z.object({
        op: z.string().max(20).transform((v) => v.toLowerCase()).pipe(z.enum(['add', 'replace', 'remove'], { error: 'op must be add, replace or remove' })),
        path: z.string().max(200).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, 'Operations is required')
    .max(50),
});
export type ScimPatchBody = z.infer<typeof scimPatchBody>;

export const scimListQuery = z.object({
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  count: z.coerce.number().int().min(0).max(200).default(100),
});

export const scimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  active: z.boolean(),
  displayName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string() }),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  meta: z.object({ resourceType: z.literal('User'), created: z.string(), lastModified: z.string(), location: z.string() }),
});
export type ScimUser = z.infer<typeof scimUser>;

export const scimList = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(scimUser),
});

/** Discovery documents are fixed JSON, returned as they are. */
export const scimDocument = z.record(z.string(), z.unknown());
