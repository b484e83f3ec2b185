import type { UiResources } from '../index';
import checkout from '../zh-CN/checkout.json';
import common from '../zh-CN/common.json';
import content from '../zh-CN/content.json';
import errors from '../zh-CN/errors.json';
import report from '../zh-CN/report.json';
import test from '../zh-CN/test.json';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
