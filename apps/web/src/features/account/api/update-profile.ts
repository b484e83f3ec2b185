import { type TProfileUpdate, updateUser } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export const updateProfile = (body: TProfileUpdate) => call(updateUser, { body });
