import type { UiResources } from '../index';
import common from '../zh-CN/common.json';
import content from '../zh-CN/content.json';
import errors from '../zh-CN/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
