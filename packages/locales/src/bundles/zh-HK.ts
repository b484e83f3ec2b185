import type { CoreResources } from '../index';
import common from '../zh-HK/common.json';
import content from '../zh-HK/content.json';
import errors from '../zh-HK/errors.json';
import test from '../zh-HK/test.json';

const resources: CoreResources = { common, errors, content, test };
export default resources;
