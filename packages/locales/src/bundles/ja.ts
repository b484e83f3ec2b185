import type { CoreResources } from '../index';
import common from '../ja/common.json';
import content from '../ja/content.json';
import errors from '../ja/errors.json';
import test from '../ja/test.json';

const resources: CoreResources = { common, errors, content, test };
export default resources;
