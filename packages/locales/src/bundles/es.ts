import common from '../es/common.json';
import content from '../es/content.json';
import errors from '../es/errors.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content };
export default resources;
