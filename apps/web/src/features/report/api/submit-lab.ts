import { labSubmit, type TLabResult, type TLabTestId } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function submitLab(input: {
  orderNumber: string;
  token: string | null;
  testId: TLabTestId;
  answers: { itemId: string; value: number }[];
}): Promise<TLabResult> {
  const { token, ...rest } = input;
  return call(labSubmit, { body: token ? { ...rest, token } : rest });
}
