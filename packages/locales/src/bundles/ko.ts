import type { UiResources } from '../index';
import common from '../ko/common.json';
import content from '../ko/content.json';
import errors from '../ko/errors.json';
import test from '../ko/test.json';

const resources: UiResources = { common, errors, content, test };
export default resources;
