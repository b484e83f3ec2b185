import type { CoreResources } from '../index';
import common from '../zh-CN/common.json';
import content from '../zh-CN/content.json';
import errors from '../zh-CN/errors.json';
import test from '../zh-CN/test.json';

const resources: CoreResources = { common, errors, content, test };
export default resources;
