import common from '../es/common.json';
import content from '../es/content.json';
import errors from '../es/errors.json';
import test from '../es/test.json';
import type { CoreResources } from '../index';

const resources: CoreResources = { common, errors, content, test };
export default resources;
