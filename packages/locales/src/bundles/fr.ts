import checkout from '../fr/checkout.json';
import common from '../fr/common.json';
import content from '../fr/content.json';
import errors from '../fr/errors.json';
import report from '../fr/report.json';
import test from '../fr/test.json';
import type { UiResources } from '../index';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
