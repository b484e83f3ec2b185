import type { CoreResources } from '../index';
import common from '../pt/common.json';
import content from '../pt/content.json';
import errors from '../pt/errors.json';
import test from '../pt/test.json';

const resources: CoreResources = { common, errors, content, test };
export default resources;
