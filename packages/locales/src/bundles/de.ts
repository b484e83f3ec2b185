import checkout from '../de/checkout.json';
import common from '../de/common.json';
import content from '../de/content.json';
import errors from '../de/errors.json';
import report from '../de/report.json';
import test from '../de/test.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
