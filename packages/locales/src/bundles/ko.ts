import type { UiResources } from '../index';
import common from '../ko/common.json';
import content from '../ko/content.json';
import errors from '../ko/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
