import common from '../en/common.json';
import content from '../en/content.json';
import errors from '../en/errors.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content };
export default resources;
