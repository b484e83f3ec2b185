import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_PATH } from './generate-openapi';

describe('OpenAPI document', () => {
  it('is committed and matches what the contract generates (run `npm run openapi` after a change)', async () => {
    const generated = await generateOpenApi();
    const committed = fs.existsSync(OPENAPI_PATH) ? fs.readFileSync(OPENAPI_PATH, 'utf8') : '';
    expect(committed).toBe(generated);
  });

  it('documents every endpoint of the contract with its wrapper', async () => {
    const doc = JSON.parse(await generateOpenApi());
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/app/language/list/{examId}',
        '/api/app/help/info/{id}',
        '/api/app/support/contact',
      ]),
    );
    const ok = doc.paths['/api/exam/info/{id}'].get.responses['200'].content['application/json'].schema;
    expect(ok.properties.result).toBeDefined();
    expect(doc.paths['/api/exam/info/{id}'].get.operationId).toBe('examInfo');
  });
});
