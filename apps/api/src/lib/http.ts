import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '@app/shared/roles';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { CatalogueCache } from './cache.ts';
import type { EventBus } from './events.ts';
import type { TestableClock } from './clock.ts';
import type { JobRunner } from './jobs.ts';
import type { Scheduler } from './scheduler.ts';
import type { TokenService } from './tokens.ts';
import type { Storage } from './storage.ts';

/**
 * Who may call a route, declared on every route (`config.access`) and enforced by one hook:
 * 'public' — anyone; 'authenticated' — any signed-in active user; a role list — those roles only.
 * `allowTemporaryPassword` lets a professional on a temporary password through (the change-password flow).
 */
export interface RouteAccess {
  access: 'public' | 'authenticated' | readonly Role[];
  allowTemporaryPassword?: boolean;
  /**
   * "Member of this organisation" ownership (decision 480): the caller must be a member of an organisation
   * of this type ('any' for both), approved unless `allowPendingOrganisation`. The route then acts on
   * `actor.organisation` only, never on an id from the request.
   */
  member?: 'university' | 'company' | 'any';
  allowPendingOrganisation?: boolean;
  /**
   * Issue 28: an industry expert awaiting verification reaches no student. Every route open to the
   * professional role refuses them (403) unless it declares this — only routes that act on the expert's
   * own account (profile, application, availability nobody sees yet) do.
   */
  allowPendingExpert?: boolean;
}

export interface ActorOrganisation {
  id: string;
  type: 'university' | 'company';
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
}

export interface Actor {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  isTemporaryPassword: boolean;
  /** A professional's verification (experts awaiting it reach no student); true for other roles. */
  isVerified?: boolean;
  /** The organisation a university_admin or company_admin acts for. */
  organisation?: ActorOrganisation;
  /** The sign-in session of the token (absent on tokens minted by scripts and tests). */
  sessionId?: string;
  /** A role that must use a second factor, past its grace period without one: only enrolment works. */
  mfaBlocked?: boolean;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  jobs: JobRunner;
  /** The time as the application sees it (tests pin and advance it). */
  clock: TestableClock;
  /** Recurring timed work on the jobs table (lib/scheduler.ts). */
  scheduler: Scheduler;
  events: EventBus;
  storage: Storage;
  /** Shared catalogue reads, invalidated by the database (lib/cache.ts). */
  cache: CatalogueCache;
  /** Set when the process is shutting down: health answers 503 and connections are not kept alive. */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess['access'];
    allowTemporaryPassword?: boolean;
    /** Answer repeat GETs with 304 when the body's ETag matches If-None-Match (catalogue reads). */
    etag?: boolean;
    member?: RouteAccess['member'];
    allowPendingOrganisation?: boolean;
    allowPendingExpert?: boolean;
    /** Reachable by a person who must enrol a second factor first (the enrolment routes, issue 23). */
    allowMfaEnrolment?: boolean;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The signed-in actor of a route whose access is not public (the access hook guarantees it). */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new Error('actorOf called on a route without authentication');
  return request.actor;
}

/** The organisation of a route that declares `member` (the access hook guarantees it). */
export function organisationOf(request: { actor: Actor | null }): ActorOrganisation {
  const org = request.actor?.organisation;
  if (!org) throw new Error('organisationOf called on a route without a member declaration');
  return org;
}
