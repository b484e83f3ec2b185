import type { UiResources } from '../index';
import checkout from '../ja/checkout.json';
import common from '../ja/common.json';
import content from '../ja/content.json';
import errors from '../ja/errors.json';
import report from '../ja/report.json';
import test from '../ja/test.json';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
