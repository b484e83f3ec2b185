import type { UiResources } from '../index';
import common from '../zh-HK/common.json';
import content from '../zh-HK/content.json';
import errors from '../zh-HK/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
