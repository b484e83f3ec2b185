import type { UiResources } from '../index';
import checkout from '../pt/checkout.json';
import common from '../pt/common.json';
import content from '../pt/content.json';
import errors from '../pt/errors.json';
import report from '../pt/report.json';
import test from '../pt/test.json';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
