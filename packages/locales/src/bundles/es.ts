import checkout from '../es/checkout.json';
import common from '../es/common.json';
import content from '../es/content.json';
import errors from '../es/errors.json';
import report from '../es/report.json';
import test from '../es/test.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
