import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';

/**
 * Response serialisation from the zod contracts (decision 665).
 *
 * - `compiled` (production): each route's response contract is turned into JSON Schema (`z.toJSONSchema`,
 *   output side) and compiled once by fast-json-stringify, Fastify's own serializer. Only the contract's
 *   fields are written (a field a presenter adds by mistake never leaves the process) and each is written
 *   as its declared type; the values are not validated again.
 * - `checked` (tests and development): the contract is enforced as before (zod encodes and validates;
 *   a mismatch is a 500 with the issues logged), and the compiled serializer's output must be the same JSON,
 *   so every API test and journey proves the production path writes exactly what the contract says.
 */
export type ResponseSerializerMode = 'compiled' | 'checked';

type Serialize = (data: unknown) => string;

/** Compiled serializers by contract: contracts are module constants, so each compiles once per process. */
const compiledByContract = new WeakMap<object, Serialize>();

function contractOf(maybe: unknown): ZodType | undefined {
  if (maybe && typeof maybe === 'object' && '_zod' in maybe) return maybe as ZodType;
  if (maybe && typeof maybe === 'object' && 'properties' in maybe) {
    const inner = (maybe as { properties: unknown }).properties;
    if (inner && typeof inner === 'object' && '_zod' in inner) return inner as ZodType;
  }
  return undefined;
}

/** The contract's fast-json-stringify serializer, compiled on first use. */
export function compiledSerializer(contract: ZodType): Serialize {
  let serialize = compiledByContract.get(contract);
  if (!serialize) {
    const schema = forWriting(toJSONSchema(contract, { io: 'output', unrepresentable: 'any', target: 'draft-7' }));
    serialize = fastJson(schema as Parameters<typeof fastJson>[0]);
    compiledByContract.set(contract, serialize);
  }
  return serialize;
}

/**
 * The contract's JSON Schema as fast-json-stringify should write it. Undeclared fields are never written
 * whatever `additionalProperties` says, so `false` is dropped: kept, a nullable object carrying an extra
 * field would match no branch of its `anyOf` and fail the whole response. `anyOf [X, null]` (zod's
 * nullable) becomes X with `nullable: true`, which is written without validating X to pick a branch.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forWriting(value);
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (b: unknown) =>
      Boolean(b && typeof b === 'object' && (b as { type?: unknown }).type === 'null' && Object.keys(b).length === 1);
    const other = isNull(anyOf[1]) ? anyOf[0] : isNull(anyOf[0]) ? anyOf[1] : undefined;
    if (other && typeof other === 'object' && typeof (other as { type?: unknown }).type === 'string') {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...(other as object), nullable: true };
    }
  }
  return out;
}

export class CompiledSerializerMismatch extends Error {
  constructor(method: string, url: string) {
    super(`The compiled response serializer of ${method} ${url} wrote something other than its contract`);
  }
}

type CompilerInput = { schema: unknown; method: string; url: string; httpStatus?: string };

export function responseSerializerCompiler(mode: ResponseSerializerMode) {
  return (input: CompilerInput): Serialize => {
    const contract = contractOf(input.schema);
    // A schema that is not a zod contract: the zod compiler refuses it as before (InvalidSchemaError).
    const checked = (zodSerializerCompiler as unknown as (i: CompilerInput) => Serialize)(input);
    if (!contract) return checked;
    if (mode === 'compiled') {
      let serialize: Serialize | undefined;
      return (data) => {
        if (!serialize) {
          // A contract fast-json-stringify cannot compile keeps the zod serializer (a test proves every
          // route's contract compiles: test/response-contracts.test.ts).
          try {
            serialize = compiledSerializer(contract);
          } catch {
            serialize = checked;
          }
        }
        return serialize(data);
      };
    }
    return (data) => {
      const json = checked(data);
      const compiled = compiledSerializer(contract)(data);
      if (!isDeepStrictEqual(JSON.parse(compiled), JSON.parse(json)))
        throw new CompiledSerializerMismatch(input.method, input.url);
      return json;
    };
  };
}
