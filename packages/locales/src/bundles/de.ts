import common from '../de/common.json';
import content from '../de/content.json';
import errors from '../de/errors.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content };
export default resources;
