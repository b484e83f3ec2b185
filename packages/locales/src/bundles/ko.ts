import type { CoreResources } from '../index';
import common from '../ko/common.json';
import content from '../ko/content.json';
import errors from '../ko/errors.json';
import test from '../ko/test.json';

const resources: CoreResources = { common, errors, content, test };
export default resources;
