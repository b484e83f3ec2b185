import common from '../de/common.json';
import content from '../de/content.json';
import errors from '../de/errors.json';
import test from '../de/test.json';
import type { CoreResources } from '../index';

const resources: CoreResources = { common, errors, content, test };
export default resources;
