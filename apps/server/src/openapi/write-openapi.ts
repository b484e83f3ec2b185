import fs from 'node:fs';
import { OPENAPI_PATH, generateOpenApi } from './generate-openapi';

/** `npm run openapi`: regenerates the committed document after a contract change. */
fs.writeFileSync(OPENAPI_PATH, await generateOpenApi());
console.log(`wrote ${OPENAPI_PATH.pathname}`);
