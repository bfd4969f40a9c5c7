import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import { zodMessages } from '@app/shared/i18n/zod-messages';
import { SOURCE_LANGUAGE, translator } from './i18n.ts';

/**
 * Requests are checked against the shared zod contracts. A contract's own messages ("Bio must be at
 * most 2000 characters") are catalogued and sent as they are; where a contract gives none, zod would
 * send its own English ("Invalid input: expected string, received number"), which no catalogue knows.
 * Every such issue is written here from an `error.zod.*` entry instead, in English, with the field
 * and the values the message needs, so the `onSend` hook reads it back like any other error text and
 * answers in the caller's language (docs/decisions/1260-zod-default-messages-catalogued.md).
 */

/**
 * A zod error map for one parse (`schema.safeParse(input, { error: catalogueMessages('body') })`): zod
 * asks it only for issues the contract left without a message, so the contracts' own texts win.
 */
export function catalogueMessages(part = 'body'): z.core.$ZodErrorMap {
  const en = translator(SOURCE_LANGUAGE);
  return zodMessages((key, values) => en.t(key, values), { part });
}

/** Marks the validation items this compiler made, so the error handlers know them. */
const FROM_CONTRACT = Symbol('request-validation');

type ContractIssue = FastifySchemaValidationError & { [FROM_CONTRACT]: true };

/**
 * Fastify's validator for the zod contracts (in place of fastify-type-provider-zod's, which parses with
 * zod's English defaults): the same parse and the same validation items, messages from the catalogue.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema, httpPart }) => {
  const messages = catalogueMessages(httpPart);
  return (data) => {
    const result = z.safeParse(schema, data, { error: messages });
    if (result.success) return { value: result.data };
    const items: ContractIssue[] = result.error.issues.map((issue) => {
      const { path, code, message, ...params } = issue;
      return {
        [FROM_CONTRACT]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params,
      };
    });
    return { error: items };
  };
};

/** A request refused by its contract: `validation` holds one item per issue, each with its message. */
export function isContractValidationError(error: unknown): error is Error & { validation: ContractIssue[]; validationContext?: string } {
  if (typeof error !== 'object' || error === null || !('validation' in error)) return false;
  const { validation } = error as { validation: unknown };
  return Array.isArray(validation) && validation.length > 0 && (validation[0] as Partial<ContractIssue>)[FROM_CONTRACT] === true;
}
