import type { UiResources } from '../index';
import common from '../ja/common.json';
import content from '../ja/content.json';
import errors from '../ja/errors.json';

const resources: UiResources = { common, errors, content };
export default resources;
