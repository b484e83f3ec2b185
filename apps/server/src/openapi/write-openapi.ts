import fs from 'node:fs';
import { generateOpenApi, OPENAPI_PATH } from './generate-openapi';

/** `npm run openapi`: regenerates the committed document after a contract change. */
fs.writeFileSync(OPENAPI_PATH, await generateOpenApi());
console.info(`wrote ${OPENAPI_PATH.pathname}`);
