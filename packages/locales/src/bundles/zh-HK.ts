import type { UiResources } from '../index';
import checkout from '../zh-HK/checkout.json';
import common from '../zh-HK/common.json';
import content from '../zh-HK/content.json';
import errors from '../zh-HK/errors.json';
import report from '../zh-HK/report.json';
import test from '../zh-HK/test.json';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
