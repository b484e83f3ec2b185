import { ZApiSuccess } from '@mindgauge/contract';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/**
 * Serializes responses with fast-json-stringify compiled from each route's zod schema (as JSON Schema).
 * Like the zod serializer it writes only the declared fields, so nothing a repository returns can leak by
 * accident; unlike it, it does not re-validate what TypeScript already checked, which costs a tenth of the
 * time. Non-zod schemas fall back to JSON.stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof $ZodType)) return (data) => JSON.stringify(data);
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    serialize = fastJson(json as Parameters<typeof fastJson>[0]);
    compiled.set(schema, serialize);
  }
  return serialize;
};

/**
 * Serializers by schema, for every app this process builds: compiling one is the costly part of starting an
 * app (tens of milliseconds per route), and a serializer is a pure function of its schema. A process that
 * builds apps again (the server suites build hundreds) compiles each schema once.
 */
const compiled = new WeakMap<$ZodType, (data: unknown) => string>();

/** The same success schema object for the same data schema, so that its serializer is found again. */
export function successSchemaOf<T extends $ZodType>(data: T): ReturnType<typeof ZApiSuccess<T>> {
  let wrapped = successSchemas.get(data);
  if (!wrapped) {
    wrapped = ZApiSuccess(data);
    successSchemas.set(data, wrapped);
  }
  return wrapped as ReturnType<typeof ZApiSuccess<T>>;
}
const successSchemas = new WeakMap<$ZodType, $ZodType>();
