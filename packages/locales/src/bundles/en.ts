import checkout from '../en/checkout.json';
import common from '../en/common.json';
import content from '../en/content.json';
import errors from '../en/errors.json';
import report from '../en/report.json';
import test from '../en/test.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
