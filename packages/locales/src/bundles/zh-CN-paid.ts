import type { PaidResources } from '../index';
import checkout from '../zh-CN/checkout.json';
import report from '../zh-CN/report.json';

const resources: PaidResources = { checkout, report };
export default resources;
