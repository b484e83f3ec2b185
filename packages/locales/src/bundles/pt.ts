import type { UiResources } from '../index';
import common from '../pt/common.json';
import content from '../pt/content.json';
import errors from '../pt/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
