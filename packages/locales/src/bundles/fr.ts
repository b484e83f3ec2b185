import type { UiResources } from '../index';
import common from '../fr/common.json';
import content from '../fr/content.json';
import errors from '../fr/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
