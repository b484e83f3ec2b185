import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

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
});
