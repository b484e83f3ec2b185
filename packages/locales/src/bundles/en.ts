import type { UiResources } from '../index';
import common from '../en/common.json';
import content from '../en/content.json';
import errors from '../en/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
