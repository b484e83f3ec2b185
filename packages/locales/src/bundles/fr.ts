import common from '../fr/common.json';
import content from '../fr/content.json';
import errors from '../fr/errors.json';
import test from '../fr/test.json';
import type { CoreResources } from '../index';

const resources: CoreResources = { common, errors, content, test };
export default resources;
