import common from '../en/common.json';
import content from '../en/content.json';
import errors from '../en/errors.json';
import test from '../en/test.json';
import type { CoreResources } from '../index';

const resources: CoreResources = { common, errors, content, test };
export default resources;
