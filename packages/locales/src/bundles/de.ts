import type { UiResources } from '../index';
import common from '../de/common.json';
import content from '../de/content.json';
import errors from '../de/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
