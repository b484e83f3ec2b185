import type { PaidResources } from '../index';
import checkout from '../zh-CN/checkout.json';
import lab from '../zh-CN/lab.json';
import report from '../zh-CN/report.json';

const resources: PaidResources = { checkout, report, lab };
export default resources;
