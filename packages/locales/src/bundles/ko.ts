import type { UiResources } from '../index';
import checkout from '../ko/checkout.json';
import common from '../ko/common.json';
import content from '../ko/content.json';
import errors from '../ko/errors.json';
import report from '../ko/report.json';
import test from '../ko/test.json';

const resources: UiResources = { common, errors, content, test, checkout, report };
export default resources;
