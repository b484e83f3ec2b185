import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, successSchemaOf } from './response-serializer';

describe('response serializer', () => {
  it('writes only declared fields: a repository row cannot leak a secret', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/x',
      {
        schema: {
          response: {
            200: z.object({ result: z.literal(200), data: z.object({ id: z.number(), tags: z.array(z.string()) }) }),
          },
        },
      },
      async () => ({ result: 200 as const, data: { id: 7, tags: ['a'], answerKey: 3, password_hash: 'x' } as never }),
    );
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.json()).toEqual({ result: 200, data: { id: 7, tags: ['a'] } });
    expect(res.body).not.toContain('answerKey');
    expect(res.body).not.toContain('password_hash');
    await app.close();
  });

  it('compiles a schema once for every app the process builds, and each schema its own way', () => {
    const data = z.object({ id: z.number() });
    const other = z.object({ name: z.string() });
    // mountEndpoint wraps each endpoint's data schema: the same wrapper comes back for the same schema.
    expect(successSchemaOf(data)).toBe(successSchemaOf(data));
    expect(successSchemaOf(other)).not.toBe(successSchemaOf(data));
    const compile = (schema: unknown) =>
      (responseSerializerCompiler as (r: { schema: unknown }) => (d: unknown) => string)({ schema });
    const first = compile(successSchemaOf(data));
    expect(compile(successSchemaOf(data))).toBe(first);
    expect(first({ result: 200, data: { id: 1, secret: 'x' } })).toBe('{"result":200,"data":{"id":1}}');
    expect(compile(successSchemaOf(other))({ result: 200, data: { name: 'a', id: 1 } })).toBe(
      '{"result":200,"data":{"name":"a"}}',
    );
  });
});
